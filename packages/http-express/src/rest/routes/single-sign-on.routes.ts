import { FLOW_LIFETIME_MS, withOutcome } from '@larder/domain';
import { PUBLIC } from '../../operations/operation.js';
import { oneOf, str } from '../../schemas/json-schema.js';
import { SIGN_ON_COOKIE, readCookie, setSessionCookie, setSignOnCookie } from '../session-cookie.js';
import type { RestRouteModule } from './route-module.js';

const CALLBACK_PATH = '/api/v1/auth/oidc/callback';

/**
 * The browser's trip through the household's identity provider: a form post sends it there, the
 * provider sends it back to the callback, and the callback sends it on into the app — signed in,
 * connected, or with `?oidc=unlinked|taken|linked|failed`. Never a server error: a provider that
 * is down or misconfigured is `?oidc=failed`. While sign-on is off, both addresses are a 404.
 */
export const singleSignOnRoutes: RestRouteModule = ({ table, config, services: { singleSignOn } }) => {
  table.add({
    method: 'post',
    path: '/api/v1/auth/oidc/start',
    operationId: 'start-oidc',
    summary: 'Start signing in through the identity provider',
    description:
      'A form post (application/x-www-form-urlencoded) the browser follows: intent is login, link (connect the ' +
      'signed-in account) or setup (finish an account through its setup link, passed as setup); next is the local ' +
      'path to return to (anything else returns to /). Answers 303 to the provider, or back with ?oidc=failed; 404 ' +
      'while single sign-on is off.',
    tag: 'auth',
    access: PUBLIC,
    rawBody: {
      contentType: 'application/x-www-form-urlencoded',
      schema: {
        type: 'object',
        properties: {
          intent: oneOf(['login', 'link', 'setup']),
          next: str({ description: 'A local path, e.g. /recipes' }),
          setup: str({ description: 'The token of the setup link, for intent setup' }),
        },
        required: ['intent'],
      },
    },
    responses: { 303: { empty: true, description: 'To the provider, or back with ?oidc=failed' } },
    errors: [404],
    handle: async ({ req, res, log, baseUrl, lookUpCaller }) => {
      const form = (req.body ?? {}) as Record<string, unknown>;
      const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
      const started = await singleSignOn.start({
        intent: text('intent'),
        next: text('next'),
        caller: text('intent') === 'link' ? await lookUpCaller() : null,
        setupToken: text('setup'),
        redirectUri: `${baseUrl}${CALLBACK_PATH}`,
        browser: readCookie(req, SIGN_ON_COOKIE),
        clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      });
      if (started.why) log.warn({ why: started.why }, 'single sign-on could not start');
      if (started.browser) setSignOnCookie(res, started.browser, FLOW_LIFETIME_MS, config.secureCookies);
      res.redirect(303, started.redirectTo);
    },
  });

  table.add({
    method: 'get',
    path: CALLBACK_PATH,
    operationId: 'finish-oidc',
    summary: 'Finish signing in through the identity provider',
    description:
      'The redirect URI the provider sends the browser back to, with code and state. Answers 303 into the app: signed ' +
      'in (the session cookie set), connected, or with ?oidc=unlinked|taken|linked|failed; 404 while single sign-on ' +
      'is off. A HEAD request answers 303 to / without reading or spending the flow.',
    tag: 'auth',
    access: PUBLIC,
    // Whatever the provider (or anybody) puts here is read by the flow, never refused by a schema:
    // the browser must land in the app with ?oidc=failed, not on a problem document.
    query: {
      state: { schema: { description: 'The state the flow was started with' } },
      code: { schema: { description: 'The authorization code' } },
      error: { schema: { description: "The provider's error, when it did not sign the member in" } },
    },
    responses: { 303: { empty: true, description: 'Into the app' } },
    errors: [404],
    handle: async ({ req, res, log, baseUrl, query, lookUpCaller }) => {
      // A HEAD (a link checker, a browser's prefetch) must not spend the flow's single use: it is
      // sent into the app without the flow being read, and the browser's GET still finishes it.
      // (While sign-on is off it falls through to the flow's 404, as a GET does.)
      if (req.method === 'HEAD' && singleSignOn.info().enabled) {
        res.redirect(303, '/');
        return;
      }
      const outcome = await singleSignOn.finish({
        url: `${baseUrl}${req.originalUrl}`,
        state: typeof query.state === 'string' ? query.state : '',
        browser: readCookie(req, SIGN_ON_COOKIE),
        caller: await lookUpCaller(),
        redirectUri: `${baseUrl}${CALLBACK_PATH}`,
      });
      if (outcome.kind === 'failed') {
        log.warn({ failure: outcome.failure, why: outcome.why }, 'single sign-on did not finish');
        res.redirect(303, withOutcome(outcome.next, outcome.failure));
        return;
      }
      if (outcome.kind === 'signed-in') {
        setSessionCookie(
          res,
          outcome.signedIn.sessionToken,
          outcome.signedIn.expiresAt,
          config.secureCookies,
        );
      }
      res.redirect(303, outcome.next);
    },
  });
};
