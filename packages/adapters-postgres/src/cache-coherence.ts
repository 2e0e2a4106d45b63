import type { Database } from './connect.js';
import { DatabaseClosed } from './outage.js';
import type { ReadCache } from './read-cache.js';
import { READS_CHANGED_CHANNEL, tagsOfNotice } from './store.js';

export interface CoherenceOptions {
  /** Told when the cache goes off (the notifications cannot be heard) or on again. */
  onChange?(state: 'on' | 'off', reason: string): void;
  /** Waits between attempts to listen again: the first, doubling up to the last. */
  retryFirstMs?: number;
  retryMaxMs?: number;
}

/**
 * Keeps this instance's read cache coherent with every other instance: it is on only while this
 * instance listens for the change notifications on the database. When the listening connection
 * fails (a database restart, a network cut) the cache goes off at once, and listening is tried
 * again, waiting longer each time, until it works: then the cache comes back, empty. It stops when
 * the database is closed. Answers the function that stops trying.
 */
export function keepCoherent(
  database: Database,
  cache: ReadCache,
  options: CoherenceOptions = {},
): () => void {
  const first = options.retryFirstMs ?? 1000;
  const max = options.retryMaxMs ?? 30_000;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = first;

  const lost = (reason: string) => {
    if (stopped) return;
    if (cache.on) {
      cache.disable();
      options.onChange?.('off', reason);
    }
    timer = setTimeout(listen, delay);
    timer.unref?.();
    delay = Math.min(max, delay * 2);
  };

  let attempt = 0;
  const listen = () => {
    if (stopped) return;
    const mine = ++attempt;
    let listening = false;
    database
      .listen(
        READS_CHANGED_CHANNEL,
        (payload) => {
          const tags = tagsOfNotice(payload, cache.origin);
          if (tags !== null) cache.invalidate(tags);
        },
        () => {
          // Only a connection that was listening, of the latest attempt, reports its loss.
          if (mine !== attempt || !listening) return;
          listening = false;
          lost('the connection that hears other instances was lost');
        },
      )
      .then(
        () => {
          listening = true;
          if (stopped) return;
          delay = first;
          const wasOff = !cache.on;
          cache.enable();
          if (wasOff && mine > 1) options.onChange?.('on', 'hearing other instances again');
        },
        (error: unknown) => {
          // A database this instance closed is not an outage: there is nothing to hear any more.
          if (error instanceof DatabaseClosed) {
            stopped = true;
            return;
          }
          lost(`cannot listen for other instances' changes: ${(error as Error)?.message ?? String(error)}`);
        },
      );
  };
  listen();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
