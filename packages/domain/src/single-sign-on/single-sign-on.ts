import { type Account, sameAddress } from '../accounts/account.js';
import { assertMayManage } from '../accounts/account-rules.js';
import type { Caller } from '../accounts/caller.js';
import { deadLink, isOpenLink, revokePasswordLinks } from '../accounts/setup-links.js';
import { addressKey } from '../sessions/sign-in-guard.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { SignedIn, SignInService } from '../sessions/sign-in.js';
import { Conflict, NotFound } from '../shared/errors.js';
import { MINUTE_MS, addMs } from '../shared/time.js';
import {
  type IdentityProvider,
  IdentityProviderFailed,
  type ProvenIdentity,
} from './identity-provider.port.js';
import type { ConnectedIdentity } from './identity-store.port.js';
import { localPath, withOutcome } from './local-path.js';
import type { SignInFlow, SignInIntent } from './sign-in-flow-store.port.js';

/** The identity was connected to another account between the check and the connection. */
class LostConnection extends Error {}

/** How long a flow waits for the browser to come back from the provider. */
export const FLOW_LIFETIME_MS = 10 * MINUTE_MS;
/**
 * Flows one client address may start within a flow's lifetime: far more than a household's
 * sign-ins, few enough that nobody fills the database with flows (each is a row for ten minutes).
 */
export const FLOWS_PER_ADDRESS = 30;

/** Why a flow ends without doing what it set out to do (the `?oidc=` the browser comes back with). */
export type FlowFailure =
  /** login: nobody's account is connected to this identity (none is made). */
  | 'unlinked'
  /** link, setup: this identity is connected to another account. */
  | 'taken'
  /** link, setup: the account is connected to another identity already. */
  | 'linked'
  /** anything else: the provider is down, the flow is unknown, used, expired or forged. */
  | 'failed';

export type FlowOutcome =
  | { kind: 'signed-in'; signedIn: SignedIn; next: string }
  | { kind: 'connected'; next: string }
  | { kind: 'failed'; failure: FlowFailure; next: string; why: string };

export interface StartRequest {
  intent: string | undefined;
  next: string | undefined;
  /** The signed-in member, for `link`. */
  caller: Caller | null;
  /** The setup link's token, for `setup`. */
  setupToken: string | undefined;
  /** Where the provider sends the browser back. */
  redirectUri: string;
  /** The value the browser brought in its flow cookie, if any (kept: several tabs may sign in at once). */
  browser: string | undefined;
  /** Where the request came from, for the limit on flows started. */
  clientAddress: string;
}

/** Where to send the browser; `browser` is the value for its flow cookie, when a flow was started. */
export interface Started {
  redirectTo: string;
  browser?: string;
  why?: string;
}

/** The browser's return from the provider, as the transport read it. */
export interface Callback {
  /** The whole address the provider sent the browser back to. */
  url: string;
  /** Its `state` query value ('' when absent or not one value). */
  state: string;
  /** The value the browser brought in its flow cookie, if any. */
  browser: string | undefined;
  /** Who the browser is signed in as, if anybody: a `link` connects only that very account. */
  caller: Caller | null;
  /** Where the provider was told to send the browser back. */
  redirectUri: string;
}

export interface SingleSignOnDependencies extends CoreDependencies {
  /** Null when the household names no provider. */
  provider: IdentityProvider | null;
  signIn: SignInService;
}

/**
 * Signing in through the household's one OpenID Connect provider. Connect-only: nobody gets an
 * account by having one at the provider; a member connects their account (or finishes an
 * invitation by connecting it), and then signs in with it. An address the provider vouches for
 * confirms the account's address when it is the same. Every failure sends the browser back with a
 * reason, never a server error.
 */
export class SingleSignOn {
  constructor(private readonly deps: SingleSignOnDependencies) {}

  /** The provider; while sign-on is off its addresses name nothing. */
  private providerOrNotFound() {
    const { provider } = this.deps;
    if (!provider) throw new NotFound('sign_on.off', 'Single sign-on is off in this household.');
    return provider;
  }

  info(): { enabled: boolean; name?: string } {
    const { provider } = this.deps;
    return provider ? { enabled: true, name: provider.displayName } : { enabled: false };
  }

  /**
   * Where to send the browser to start a flow: the provider, or back with `?oidc=failed`. While
   * sign-on is off there is nothing to start (404, as the reference answers).
   */
  async start(request: StartRequest): Promise<Started> {
    const { store, clock, secrets } = this.deps;
    const provider = this.providerOrNotFound();
    const next = localPath(request.next);
    const fail = (why: string) => ({ redirectTo: withOutcome(next, 'failed'), why });
    const intent = request.intent as SignInIntent;
    let accountId: string | null = null;
    let setupTokenDigest: string | null = null;
    if (intent === 'link') {
      if (!request.caller || request.caller.via !== 'session') return fail('link needs a signed-in session');
      accountId = request.caller.account.id;
    } else if (intent === 'setup') {
      const token = request.setupToken ?? '';
      const link = /^[A-Za-z0-9_-]{20,128}$/.test(token)
        ? await store.links.find(secrets.digest(token))
        : null;
      if (!isOpenLink(link, clock.now()) || link.purpose !== 'setup') {
        return fail('the setup link is unknown, used or expired');
      }
      setupTokenDigest = link.tokenDigest;
    } else if (intent !== 'login') {
      return fail('unknown intent');
    }
    const started = await store.signInAttempts.count(
      `sign-on:${addressKey(request.clientAddress)}`,
      clock.now(),
      FLOW_LIFETIME_MS,
    );
    if (started.attempts > FLOWS_PER_ADDRESS) return fail('too many sign-ins started from this address');
    const browser = isBrowserValue(request.browser) ? request.browser : secrets.randomToken(32);
    try {
      const { authorizationUrl, secrets: flowSecrets } = await provider.begin(request.redirectUri);
      const now = clock.now();
      await store.signInFlows.add({
        stateDigest: secrets.digest(flowSecrets.state),
        nonce: flowSecrets.nonce,
        codeVerifier: flowSecrets.codeVerifier,
        intent,
        nextPath: next,
        accountId,
        setupTokenDigest,
        browserDigest: secrets.digest(browser),
        createdAt: now,
        expiresAt: addMs(now, FLOW_LIFETIME_MS),
      });
      return { redirectTo: authorizationUrl, browser };
    } catch (error) {
      if (error instanceof IdentityProviderFailed) return fail(error.message);
      throw error;
    }
  }

  /**
   * Finishes a flow from the address the provider sent the browser back to — only in the browser
   * that started it, and a `link` only while that browser is still signed in as the account to
   * connect (signed out meanwhile, the next person at a shared computer must not connect theirs).
   */
  async finish(callback: Callback): Promise<FlowOutcome> {
    const { store, clock, secrets } = this.deps;
    const { state } = callback;
    const provider = this.providerOrNotFound();
    const failed = (failure: FlowFailure, next: string, why: string): FlowOutcome => ({
      kind: 'failed',
      failure,
      next,
      why,
    });
    const flow =
      state === '' || state.length > 512 ? null : await store.signInFlows.take(secrets.digest(state));
    if (!flow) return failed('failed', '/', 'no flow for this state: unknown, used or forged');
    if (flow.expiresAt <= clock.now()) return failed('failed', flow.nextPath, 'the flow expired');
    if (
      !isBrowserValue(callback.browser) ||
      !secrets.sameSecret(secrets.digest(callback.browser), flow.browserDigest)
    ) {
      return failed('failed', flow.nextPath, 'the flow was started in another browser');
    }
    if (
      flow.intent === 'link' &&
      (callback.caller?.via !== 'session' || callback.caller.account.id !== flow.accountId)
    ) {
      return failed(
        'failed',
        flow.nextPath,
        'the account that started connecting is no longer signed in here',
      );
    }
    let identity: ProvenIdentity;
    try {
      identity = await provider.finish(callback.url, callback.redirectUri, {
        state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
    } catch (error) {
      if (error instanceof IdentityProviderFailed) return failed('failed', flow.nextPath, error.message);
      throw error;
    }
    if (flow.intent === 'login') return this.login(flow, identity, failed);
    if (flow.intent === 'link') return this.connect(flow, identity, failed);
    return this.setup(flow, identity, failed);
  }

  private async login(
    flow: SignInFlow,
    identity: ProvenIdentity,
    failed: (f: FlowFailure, next: string, why: string) => FlowOutcome,
  ): Promise<FlowOutcome> {
    const { store, signIn } = this.deps;
    const connected = await store.identities.byIdentity(identity.issuer, identity.subject);
    const account = connected ? await store.accounts.byId(connected.accountId) : null;
    if (!account) return failed('unlinked', flow.nextPath, 'no account is connected to this identity');
    const confirmed = await this.confirmVouchedAddress(account.id, identity);
    return {
      kind: 'signed-in',
      signedIn: await signIn.startSession(confirmed ?? account),
      next: flow.nextPath,
    };
  }

  private async connect(
    flow: SignInFlow,
    identity: ProvenIdentity,
    failed: (f: FlowFailure, next: string, why: string) => FlowOutcome,
  ): Promise<FlowOutcome> {
    const { store } = this.deps;
    const accountId = flow.accountId ?? '';
    const outcome = await store.transaction(async (tx): Promise<FlowFailure | null> => {
      const taken = await tx.identities.byIdentity(identity.issuer, identity.subject);
      if (taken && taken.accountId !== accountId) return 'taken';
      if (taken) return null;
      if (await tx.identities.ofAccount(accountId)) return 'linked';
      if (!(await this.connectIn(tx, accountId, identity))) return 'taken';
      return null;
    });
    if (outcome) return failed(outcome, flow.nextPath, `cannot connect: ${outcome}`);
    await this.confirmVouchedAddress(accountId, identity);
    return { kind: 'connected', next: flow.nextPath };
  }

  private async setup(
    flow: SignInFlow,
    identity: ProvenIdentity,
    failed: (f: FlowFailure, next: string, why: string) => FlowOutcome,
  ): Promise<FlowOutcome> {
    const { store, clock, signIn } = this.deps;
    const digest = flow.setupTokenDigest ?? '';
    let outcome: Account | FlowFailure | null;
    try {
      outcome = await store.transaction(async (tx): Promise<Account | FlowFailure | null> => {
        const link = await tx.links.find(digest);
        if (!link || link.purpose !== 'setup') throw deadLink();
        const holder = await tx.identities.byIdentity(identity.issuer, identity.subject);
        if (holder && holder.accountId !== link.accountId) return 'taken';
        // An account connected to another identity keeps it; the link stays open for a password.
        if (!holder && (await tx.identities.ofAccount(link.accountId))) return 'linked';
        // The setup link is spent by connecting (or by the identity the account already has), as
        // it would be by choosing a password; a connection lost to a race spends nothing.
        if (!(await tx.links.consume(digest, clock.now()))) throw deadLink();
        if (!holder && !(await this.connectIn(tx, link.accountId, identity))) throw new LostConnection();
        await tx.sessions.deleteAllOf(link.accountId);
        await revokePasswordLinks(tx, link.accountId, clock.now());
        const account = await tx.accounts.byId(link.accountId);
        // A mailed invitation vouches for the address it went to, as when a password is chosen.
        const confirms =
          account !== null &&
          !account.emailVerified &&
          link.address !== null &&
          sameAddress(link.address, account.email);
        return confirms ? tx.accounts.update(account.id, { emailVerified: true }) : account;
      });
    } catch (error) {
      if (error instanceof NotFound)
        return failed('failed', flow.nextPath, 'the setup link is used or expired');
      if (error instanceof LostConnection) outcome = 'taken';
      else throw error;
    }
    if (outcome === null) return failed('failed', flow.nextPath, 'the account is gone');
    if (typeof outcome === 'string') return failed(outcome, flow.nextPath, `cannot set up: ${outcome}`);
    const confirmed = await this.confirmVouchedAddress(outcome.id, identity);
    return {
      kind: 'signed-in',
      signedIn: await signIn.startSession(confirmed ?? outcome),
      next: flow.nextPath,
    };
  }

  private async connectIn(
    tx: Parameters<Parameters<CoreDependencies['store']['transaction']>[0]>[0],
    accountId: string,
    identity: ProvenIdentity,
  ): Promise<boolean> {
    const connected: ConnectedIdentity = {
      accountId,
      issuer: identity.issuer,
      subject: identity.subject,
      linkedAt: this.deps.clock.now(),
    };
    if (!(await tx.identities.connect(connected))) return false;
    await tx.accounts.update(accountId, { hasIdentity: true });
    return true;
  }

  /** An address the provider vouches for confirms the account's address, when it is the same one. */
  private async confirmVouchedAddress(accountId: string, identity: ProvenIdentity) {
    const { store } = this.deps;
    if (!identity.emailVerified || !identity.email) return null;
    const account = await store.accounts.byId(accountId);
    if (!account || account.emailVerified || !sameAddress(account.email, identity.email)) return null;
    return store.accounts.update(accountId, { emailVerified: true });
  }

  /** When the caller's account was connected. */
  async identityOf(caller: Caller): Promise<ConnectedIdentity> {
    const identity = await this.deps.store.identities.ofAccount(caller.account.id);
    if (!identity) throw noIdentity();
    return identity;
  }

  /**
   * Disconnects the caller's account; their other sessions end, this one stays. Refused while the
   * account has no password: it would have no way left to sign in.
   */
  async disconnectOwn(caller: Caller): Promise<void> {
    const { store } = this.deps;
    const account = (await store.accounts.byId(caller.account.id)) ?? caller.account;
    if (!account.passwordHash) {
      throw new Conflict(
        'identity.last_way_in',
        'Choose a password first: without the provider your account would have no way to sign in.',
      );
    }
    await store.transaction(async (tx) => {
      if (!(await tx.identities.disconnect(account.id))) throw noIdentity();
      await tx.accounts.update(account.id, { hasIdentity: false });
      await tx.sessions.deleteAllOf(account.id, caller.sessionDigest);
    });
  }

  /**
   * An admin disconnects a member (under the rank rules of account management); every session of
   * that account ends. Allowed without a password: issue a setup link afterwards.
   */
  async disconnectAccount(caller: Caller, accountId: string): Promise<void> {
    const { store } = this.deps;
    const target = await store.accounts.byId(accountId);
    if (!target) throw new NotFound('accounts.not_found', 'No such account.');
    assertMayManage(caller.account, target);
    await store.transaction(async (tx) => {
      if (!(await tx.identities.disconnect(accountId))) throw noIdentity();
      await tx.accounts.update(accountId, { hasIdentity: false });
      await tx.sessions.deleteAllOf(accountId);
    });
  }
}

/** A flow cookie's value as `randomToken(32)` makes it; anything else is no value at all. */
function isBrowserValue(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{40,64}$/.test(value);
}

function noIdentity(): NotFound {
  return new NotFound('identity.none', 'This account is not connected to the identity provider.');
}
