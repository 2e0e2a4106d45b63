import { RateLimited } from '../shared/errors.js';

/**
 * Pages and draft photos fetched for one member at once, running or waiting their turn. The
 * service fetches two at a time for the whole household; without a share each, one member's
 * dozen would keep everybody else's draft waiting behind them.
 */
export const DRAFT_FETCHES_PER_MEMBER = 3;

/** Counts each member's fetches under way and refuses one more than their share (429). */
export class FetchesPerMember {
  private readonly underWay = new Map<string, number>();

  async run<T>(memberId: string, fetch: () => Promise<T>): Promise<T> {
    const count = this.underWay.get(memberId) ?? 0;
    if (count >= DRAFT_FETCHES_PER_MEMBER) {
      throw new RateLimited(
        'drafts.busy',
        `${DRAFT_FETCHES_PER_MEMBER} pages or photos are being read for you already; try again when one is done.`,
        5,
      );
    }
    this.underWay.set(memberId, count + 1);
    try {
      return await fetch();
    } finally {
      const left = (this.underWay.get(memberId) ?? 1) - 1;
      if (left === 0) this.underWay.delete(memberId);
      else this.underWay.set(memberId, left);
    }
  }
}
