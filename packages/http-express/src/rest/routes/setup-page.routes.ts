import { DomainError, ValidationFailed } from '@larder/domain';
import { PUBLIC } from '../../operations/operation.js';
import { sendPage } from '../pages/send-page.js';
import { deadLinkPage, setupDonePage, setupFormPage } from '../pages/setup.page.js';
import { setSessionCookie } from '../session-cookie.js';
import { PLAIN_PAGE_NOSCRIPT } from '../web-app.js';
import { linkTokenParam, plainPageQuery } from './link-token.js';
import type { RestRouteModule } from './route-module.js';

/**
 * The page a setup link opens: a plain form (no script) to choose a password,
 * so the link logged at first start works in any browser.
 */
export const setupPageRoutes: RestRouteModule = ({ table, config, webApp, services: { setup } }) => {
  table.add({
    method: 'get',
    path: '/setup/:token',
    operationId: 'setup-page',
    summary: 'The page a setup link opens',
    description:
      'The page a setup or reset link opens: the web app, which asks for the new password; with ?plain (or ' +
      'when the app is not built) a page without any script that asks for it twice.',
    tag: 'auth',
    access: PUBLIC,
    params: { token: linkTokenParam },
    query: plainPageQuery,
    responses: { 200: { content: 'text/html' }, 404: { content: 'text/html' } },
    handle: async ({ params, query, res }) => {
      if (webApp && query['plain'] === undefined)
        return webApp.send(res, 200, { noscript: PLAIN_PAGE_NOSCRIPT });
      try {
        const { account, purpose } = await setup.inspect(params.token);
        sendPage(res, 200, setupFormPage(account, purpose === 'reset' ? 'reset' : 'setup'));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        sendPage(res, 404, deadLinkPage());
      }
    },
  });

  table.add({
    method: 'post',
    path: '/setup/:token',
    operationId: 'setup-page-submit',
    summary: 'Choose a password through the setup page form',
    description:
      'The form of the setup page: sets the password, signs the person in and sends them on; a refusal shows the page again with its reason.',
    tag: 'auth',
    access: PUBLIC,
    params: { token: linkTokenParam },
    rawBody: {
      contentType: 'application/x-www-form-urlencoded',
      schema: { type: 'object', properties: { password: { type: 'string' } }, required: ['password'] },
    },
    responses: {
      200: { content: 'text/html' },
      404: { content: 'text/html' },
      422: { content: 'text/html' },
    },
    handle: async ({ params, req, res }) => {
      const token = params.token;
      const form = (req.body ?? {}) as Record<string, unknown>;
      const password = typeof form['password'] === 'string' ? form['password'] : '';
      try {
        const signedIn = await setup.redeem(token, password);
        setSessionCookie(res, signedIn.sessionToken, signedIn.expiresAt, config.secureCookies);
        sendPage(res, 200, setupDonePage(signedIn.account));
      } catch (error) {
        if (error instanceof ValidationFailed) {
          const { account, purpose } = await setup
            .inspect(token)
            .catch(() => ({ account: null, purpose: 'setup' as const }));
          if (!account) {
            sendPage(res, 404, deadLinkPage());
            return;
          }
          sendPage(
            res,
            422,
            setupFormPage(
              account,
              purpose === 'reset' ? 'reset' : 'setup',
              `The password ${error.issues[0]?.message ?? 'is not acceptable'}.`,
            ),
          );
        } else if (error instanceof DomainError) {
          sendPage(res, 404, deadLinkPage());
        } else {
          throw error;
        }
      }
    },
  });
};
