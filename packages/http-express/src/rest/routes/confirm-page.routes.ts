import { DomainError } from '@larder/domain';
import { PUBLIC } from '../../operations/operation.js';
import { addressConfirmedPage, confirmAddressPage, deadLinkPage } from '../pages/setup.page.js';
import { sendPage } from '../pages/send-page.js';
import { PLAIN_PAGE_NOSCRIPT } from '../web-app.js';
import { linkTokenParam, plainPageQuery } from './link-token.js';
import type { RestRouteModule } from './route-module.js';

/**
 * The page an address-confirmation link opens, script-free like the setup page: opening it shows a
 * button (mail scanners follow links), pressing it confirms the address. Never signs in.
 */
export const confirmPageRoutes: RestRouteModule = ({ table, webApp, services: { addressConfirmation } }) => {
  table.add({
    method: 'get',
    path: '/confirm-email/:token',
    operationId: 'confirm-email-page',
    summary: 'The page an address-confirmation link opens',
    description:
      'The page an address-confirmation mail links to (the web app; with ?plain, or without the app, a page without script): ' +
      'it shows one button, so that mail scanners that open links confirm nothing.',
    tag: 'auth',
    access: PUBLIC,
    params: { token: linkTokenParam },
    query: plainPageQuery,
    responses: { 200: { content: 'text/html' }, 404: { content: 'text/html' } },
    handle: async ({ params, query, res }) => {
      if (webApp && query['plain'] === undefined)
        return webApp.send(res, 200, { noscript: PLAIN_PAGE_NOSCRIPT });
      try {
        const { account, address } = await addressConfirmation.inspect(params.token);
        sendPage(res, 200, confirmAddressPage(account, address));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        sendPage(res, 404, deadLinkPage());
      }
    },
  });

  table.add({
    method: 'post',
    path: '/confirm-email/:token',
    operationId: 'confirm-email-page-submit',
    summary: 'Confirm an address through the confirmation page',
    description: 'The button of the confirmation page: confirms the address and says so on a page.',
    tag: 'auth',
    access: PUBLIC,
    params: { token: linkTokenParam },
    responses: { 200: { content: 'text/html' }, 404: { content: 'text/html' } },
    handle: async ({ params, res }) => {
      try {
        const { address } = await addressConfirmation.confirm(params.token);
        sendPage(res, 200, addressConfirmedPage(address));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        sendPage(res, 404, deadLinkPage());
      }
    },
  });
};
