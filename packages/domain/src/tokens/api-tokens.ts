import { isAdmin } from '../accounts/account.js';
import { assertMayManage } from '../accounts/account-rules.js';
import type { Caller } from '../accounts/caller.js';
import type { ApiTokenListing } from './api-token-store.port.js';
import { type CoreDependencies } from '../core-dependencies.js';
import { DAY_MS, HOUR_MS, addMs } from '../shared/time.js';
import { Forbidden, IssueList, NotFound, removedWhile } from '../shared/errors.js';
import {
  DISGUISED_NAME_MESSAGE,
  hasControlCharacters,
  hasDisguisingCharacters,
  showsSomething,
} from '../shared/text.js';
import { SCOPES, type Scope, TOKEN_PATTERN, TOKEN_PREFIX } from './scopes.js';

export interface NewApiToken {
  name: string;
  scopes: Scope[];
  expiresInDays?: number | undefined;
}

export interface CreatedApiToken extends ApiTokenListing {
  /** The raw token: shown once, never stored. */
  token: string;
}

/** `lastUsedAt` moves at most once an hour, so reads do not turn into writes. */
const LAST_USED_PRECISION_MS = HOUR_MS;

export class ApiTokens {
  constructor(private readonly deps: CoreDependencies) {}

  async create(caller: Caller, input: NewApiToken): Promise<CreatedApiToken> {
    const { store, clock, secrets } = this.deps;
    assertSession(caller);
    const issues = new IssueList();
    const name = input.name.trim();
    if (!showsSomething(name)) issues.add('name', 'must not be empty');
    else if (hasControlCharacters(name)) issues.add('name', 'must not contain control characters');
    else if (hasDisguisingCharacters(name)) issues.add('name', DISGUISED_NAME_MESSAGE);
    if (input.scopes.length === 0) issues.add('scopes', 'must name at least one scope');
    input.scopes.forEach((scope, i) => {
      if (!SCOPES.includes(scope)) issues.add(`scopes[${i}]`, `must be one of ${SCOPES.join(', ')}`);
    });
    issues.throwIfAny();
    const now = clock.now();
    const token = TOKEN_PREFIX + secrets.randomToken(32);
    const stored = {
      id: secrets.newId(),
      ownerId: caller.account.id,
      name,
      prefix: token.slice(0, 8),
      tokenDigest: secrets.digest(token),
      scopes: [...new Set(input.scopes)],
      createdAt: now,
      expiresAt: input.expiresInDays ? addMs(now, input.expiresInDays * DAY_MS) : null,
      lastUsedAt: null,
    };
    if (!(await store.apiTokens.insert(stored))) throw removedWhile('the token was made');
    const { tokenDigest: _digest, ...rest } = stored;
    return {
      ...rest,
      ownerUsername: caller.account.username,
      ownerDisplayName: caller.account.displayName,
      ownerColor: caller.account.color,
      token,
    };
  }

  /** Members see their own tokens; admins and the owner see every token of the household. */
  async list(caller: Caller): Promise<ApiTokenListing[]> {
    assertSession(caller);
    return this.deps.store.apiTokens.list(isAdmin(caller.account) ? undefined : caller.account.id);
  }

  /** Revokes one's own token, or, as an admin, a token of an account one may manage. */
  async revoke(caller: Caller, id: string): Promise<void> {
    const { store } = this.deps;
    assertSession(caller);
    const token = await store.apiTokens.byId(id);
    if (!token) throw tokenNotFound();
    if (token.ownerId !== caller.account.id) {
      if (!isAdmin(caller.account)) throw tokenNotFound();
      const owner = await store.accounts.byId(token.ownerId);
      if (owner) assertMayManage(caller.account, owner);
    }
    if (!(await store.apiTokens.delete(id))) throw tokenNotFound();
  }

  /** The caller behind a raw bearer token, or null when it is unknown or expired. */
  async authenticate(rawToken: string): Promise<Caller | null> {
    const { store, clock, secrets } = this.deps;
    if (!TOKEN_PATTERN.test(rawToken)) return null;
    const found = await store.apiTokens.findWithAccount(secrets.digest(rawToken));
    const now = clock.now();
    if (!found) return null;
    const { token, account } = found;
    if (token.expiresAt && token.expiresAt <= now) return null;
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
      await store.apiTokens.markUsed(token.id, now);
    }
    return { account, via: 'token', scopes: token.scopes };
  }
}

function assertSession(caller: Caller): void {
  if (caller.via !== 'session') {
    throw new Forbidden('auth.session_only', 'API tokens are managed from a signed-in session.');
  }
}

function tokenNotFound(): NotFound {
  return new NotFound('tokens.not_found', 'No such API token.');
}
