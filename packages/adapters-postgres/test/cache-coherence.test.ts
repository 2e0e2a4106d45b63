/**
 * The read cache listens for other instances' writes, and tries again when it cannot; a database
 * this instance has closed is not an outage, and nothing is tried on it any more.
 */
import { keepCoherent } from '../src/cache-coherence.js';
import type { Database } from '../src/connect.js';
import { DatabaseClosed } from '../src/outage.js';
import { ReadCache } from '../src/read-cache.js';
import { READS_CHANGED_CHANNEL } from '../src/store.js';
import { openTestDatabase } from '../test-support/test-database.js';

test('a closed database refuses to listen, also when it closes while the listening connection opens', async () => {
  const database = await openTestDatabase();
  const opening = database.listen(
    READS_CHANGED_CHANNEL,
    () => undefined,
    () => undefined,
  );
  const outcome = opening.then(
    () => 'listening',
    (error: unknown) => error,
  );
  await database.close();
  expect(await outcome).toBeInstanceOf(DatabaseClosed);
  await expect(
    database.listen(
      READS_CHANGED_CHANNEL,
      () => undefined,
      () => undefined,
    ),
  ).rejects.toBeInstanceOf(DatabaseClosed);
});

test('the read cache stops trying to listen once its database is closed', async () => {
  const database = await openTestDatabase();
  let attempts = 0;
  let last: Promise<void> = Promise.resolve();
  const counting: Database = {
    ...database,
    listen: (...args) => {
      attempts += 1;
      last = database.listen(...args);
      return last;
    },
  };
  const cache = new ReadCache();
  const changes: string[] = [];
  keepCoherent(counting, cache, { retryFirstMs: 1, retryMaxMs: 1, onChange: (state) => changes.push(state) });
  await database.close();
  await last.catch(() => undefined);
  // Attempts again, were there any, would come every millisecond: a tenth of a second holds many.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(attempts).toBe(1);
  expect(cache.on).toBe(false);
  expect(changes).toEqual([]);
});
