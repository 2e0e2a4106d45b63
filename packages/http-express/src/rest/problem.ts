import { DomainError, ValidationFailed, type FieldIssue } from '@larder/domain';
import type { Response } from 'express';
import { linkDescribedBy } from './send-json.js';

/** An HTTP answer that is not a success, as `application/problem+json`. */
export interface Problem {
  /** `urn:larder:problem:<code>` for a domain error: its stable code (docs/errors.md). */
  type?: string;
  status: number;
  title: string;
  detail: string;
  errors?: FieldIssue[];
  /** Extra members (for example `share` on a 409, `reason` on a refused share). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Name of the body's schema, for `$schema` (ErrorModel unless stated). */
  schema?: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  417: 'Expectation Failed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function titleOf(status: number): string {
  return TITLES[status] ?? 'Error';
}

export class HttpProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

export function problem(status: number, detail: string, more: Partial<Problem> = {}): HttpProblem {
  return new HttpProblem({ status, title: titleOf(status), detail, ...more });
}

/**
 * A problem lists at most this many issues (the first ones): enough for any form, and a body
 * broken in a hundred thousand places answers in a few kilobytes.
 */
export const MOST_ISSUES = 100;

/** The issues a problem lists, and its detail: "validation failed", saying so when some are left out. */
function listed(issues: readonly FieldIssue[]): { detail: string; errors: FieldIssue[] } {
  if (issues.length <= MOST_ISSUES) return { detail: 'validation failed', errors: [...issues] };
  return {
    detail: `validation failed (the first ${MOST_ISSUES} of ${issues.length} issues)`,
    errors: issues.slice(0, MOST_ISSUES),
  };
}

/** A value refused by a schema: the same problem type as a value a domain rule refuses. */
export function validationProblem(issues: FieldIssue[]): HttpProblem {
  const { detail, errors } = listed(issues);
  return problem(422, detail, { type: problemType(new ValidationFailed([]).code), errors });
}

/** The one place that turns domain error kinds into status codes. */
const STATUS_OF_KIND: Record<DomainError['kind'], number> = {
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  invalid: 422,
  unauthenticated: 401,
  rate_limited: 429,
  too_large: 413,
  unsupported: 415,
  upstream: 502,
  unavailable: 503,
  stale: 412,
};

export const PROBLEM_TYPE_PREFIX = 'urn:larder:problem:';

/** The problem type of a domain error's stable code. */
export function problemType(code: string): string {
  return `${PROBLEM_TYPE_PREFIX}${code}`;
}

export function problemFromDomain(error: DomainError): Problem {
  const status = STATUS_OF_KIND[error.kind];
  const result: Problem = {
    type: problemType(error.code),
    status,
    title: titleOf(status),
    detail: error.message,
  };
  if (error instanceof ValidationFailed) Object.assign(result, listed(error.issues));
  const issues = (error.extra as { issues?: unknown }).issues;
  if (Array.isArray(issues)) result.errors = listed(issues as FieldIssue[]).errors;
  const retryAfter = (error.extra as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number') {
    result.headers = { 'Retry-After': String(retryAfter) };
  }
  // A refusal naming the version the resource is at says it in the ETag header too, as the answer
  // that read it did: a client sends that header back in If-Match as it stands.
  const currentVersion = (error.extra as { currentVersion?: unknown }).currentVersion;
  if (typeof currentVersion === 'string') {
    result.headers = { ...result.headers, ETag: `"${currentVersion}"` };
  }
  const { retryAfterSeconds: _r, schema, issues: _i, ...extra } = error.extra as Record<string, unknown>;
  if (Object.keys(extra).length > 0) result.extra = extra;
  if (typeof schema === 'string') result.schema = schema;
  return result;
}

export function sendProblem(res: Response, p: Problem, schemaUrl?: (name: string) => string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [k, v] of Object.entries(p.headers ?? {})) res.setHeader(k, v);
  const body: Record<string, unknown> = {};
  if (schemaUrl) {
    // Like every answer with a named schema: `$schema`, and the same address as a describedBy link.
    const url = schemaUrl(p.schema ?? 'ErrorModel');
    body['$schema'] = url;
    linkDescribedBy(res, url);
  }
  if (p.type) body['type'] = p.type;
  body['title'] = p.title;
  body['status'] = p.status;
  body['detail'] = p.detail;
  if (p.errors) body['errors'] = p.errors;
  Object.assign(body, p.extra ?? {});
  // `end`, not `send`: express would give the problem an ETag of its own bytes, which a client could
  // mistake for the resource's version (and send back in If-Match, never to match).
  res.status(p.status).type('application/problem+json; charset=utf-8').end(JSON.stringify(body));
}
