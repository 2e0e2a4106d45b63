import { DomainError } from '../shared/errors.js';

/** Where a draft's address is reported. */
export const DRAFT_URL_FIELD = 'url';

/** An address the fetcher will not open: not http(s), or one on a non-public network. */
export class PageRefused extends DomainError {
  constructor(readonly reason: string) {
    super('invalid', 'drafts.address_refused', `This address cannot be read: ${reason}.`, {
      issues: [{ location: DRAFT_URL_FIELD, message: `cannot be read: ${reason}` }],
    });
  }
}

/** A page that was asked for but could not be read as a recipe page. */
export class PageUnreadable extends DomainError {
  constructor(readonly reason: string) {
    super('invalid', 'drafts.page_unreadable', `The page could not be read: ${reason}.`, {
      issues: [{ location: DRAFT_URL_FIELD, message: `could not be read: ${reason}` }],
    });
  }
}
