/**
 * Domain errors. Each carries a stable `code` that clients and logs can rely on;
 * the HTTP layer alone decides which status code a kind of error becomes.
 */
export type ErrorKind =
  | 'not_found'
  | 'forbidden'
  | 'conflict'
  | 'invalid'
  | 'unauthenticated'
  | 'rate_limited'
  | 'too_large'
  | 'unsupported'
  | 'upstream'
  | 'unavailable'
  /** The client's copy is out of date: what it wanted to change changed meanwhile. */
  | 'stale';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** One field that failed a rule, located like `steps[0].times[0].phrase`. */
export interface FieldIssue {
  location: string;
  message: string;
  value?: unknown;
}

export class ValidationFailed extends DomainError {
  constructor(
    readonly issues: FieldIssue[],
    code = 'validation_failed',
  ) {
    super('invalid', code, issues.map((i) => `${i.location}: ${i.message}`).join('; '));
  }
}

export class NotFound extends DomainError {
  constructor(code: string, message: string) {
    super('not_found', code, message);
  }
}

export class Forbidden extends DomainError {
  constructor(code: string, message: string, extra: Record<string, unknown> = {}) {
    super('forbidden', code, message, extra);
  }
}

export class Conflict extends DomainError {
  constructor(code: string, message: string, extra: Record<string, unknown> = {}) {
    super('conflict', code, message, extra);
  }
}

export class NotAuthenticated extends DomainError {
  constructor(code = 'access.sign_in_required', message = 'Sign in first.') {
    super('unauthenticated', code, message);
  }
}

/**
 * The caller's account was deleted by another request while this one wrote for it (`what`: "the
 * recipe was saved"): nothing was kept, and the caller is nobody any more.
 */
export function removedWhile(what: string): NotAuthenticated {
  return new NotAuthenticated(undefined, `Your account was removed while ${what}; it was not kept.`);
}

export class RateLimited extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', code, message, { retryAfterSeconds });
  }
}

/** Something the service depends on (photo storage, say) is not answering; worth trying again later. */
export class ServiceUnavailable extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('unavailable', code, message, { retryAfterSeconds });
  }
}

/** Collects field issues so a use case can report every broken rule at once. */
export class IssueList {
  readonly issues: FieldIssue[] = [];
  add(location: string, message: string): void {
    this.issues.push({ location, message });
  }
  get empty(): boolean {
    return this.issues.length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw new ValidationFailed(this.issues);
  }
}
