import { str } from '../../schemas/json-schema.js';

/**
 * The token in a setup, reset or confirmation link's address, as the link carries it. Any text is
 * taken: a link damaged on its way (a "." or ")" pasted from a chat, a cut-off end) is a dead link
 * like any other, and its page says so — the app's, or the page without script — instead of a
 * 422 problem about the address's form.
 */
export const linkTokenParam = {
  schema: str({ minLength: 1 }),
  description: 'The token of the link, as the mail or the admin handed it over',
};

/** `?plain` on a link's page: any value, or none, asks for the page without script. */
export const plainPageQuery = {
  plain: {
    schema: str({ maxLength: 8 }),
    flag: true,
    description: 'Any value, or none: the page without script',
  },
};
