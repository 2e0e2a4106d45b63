/**
 * Deleting a row queues its files: the database does it itself (triggers in a frozen migration),
 * and the keys it queues are the domain's key layout (`photoPrefix`, `avatarKey`). The two live in
 * different places and cannot share code; this test pins them together so neither changes alone.
 */
import { randomUUID } from 'node:crypto';
import type { Account, Recipe, Store } from '@larder/domain';
import { avatarKey, photoPrefix } from '@larder/domain';
import { createPostgresStore } from '../src/store.js';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

let database: TestDatabase;
let store: Store;
beforeAll(async () => {
  database = await openTestDatabase();
  store = createPostgresStore(database.db);
});
afterAll(() => database.close());

async function queuedKeys(): Promise<string[]> {
  const due = await store.imageDeletions.claimDue(
    new Date(Date.now() + 60_000),
    new Date(Date.now() + 120_000),
    100,
  );
  for (const entry of due) await store.imageDeletions.remove(entry.id);
  return due.map((d) => d.key).sort();
}

function account(avatarId: string | null): Account {
  const id = randomUUID();
  return {
    id,
    username: `cook-${id.slice(0, 8)}`,
    displayName: 'Cook',
    email: null,
    emailVerified: false,
    role: 'user',
    color: 'amber',
    locale: 'en',
    avatarId,
    canSharePublicly: true,
    passwordHash: null,
    hasIdentity: false,
    createdAt: new Date(),
  };
}

function recipe(authorId: string): Recipe {
  const now = new Date();
  return {
    id: randomUUID(),
    slug: `bread-${randomUUID().slice(0, 8)}`,
    title: 'Bread',
    description: '',
    servings: 1,
    prepMinutes: null,
    cookMinutes: null,
    sourceUrl: null,
    sourceName: null,
    tags: [],
    ingredientGroups: [{ name: null, ingredients: [] }],
    steps: [],
    editPolicy: 'default',
    createdById: authorId,
    updatedById: authorId,
    createdAt: now,
    updatedAt: now,
  };
}

it("queues a deleted photo's folder, and a recipe's photos when the recipe goes, at the domain's keys", async () => {
  await queuedKeys();
  const cook = account(null);
  await store.accounts.insert(cook);
  const bread = recipe(cook.id);
  await store.recipes.insert(bread);
  const photo = (id: string, position: number) => ({
    id,
    recipeId: bread.id,
    position,
    width: 100,
    height: 100,
    bytes: 10,
    isCover: position === 0,
    createdById: cook.id,
    createdAt: new Date(),
  });
  const [first, second] = [randomUUID(), randomUUID()];
  await store.recipeImages.insert(photo(first, 0));
  await store.recipeImages.insert(photo(second, 1));

  await store.recipeImages.delete(bread.id, first);
  expect(await queuedKeys()).toEqual([photoPrefix(bread.id, first)]);

  await store.recipes.delete(bread.id);
  expect(await queuedKeys()).toEqual([photoPrefix(bread.id, second)]);
});

it("queues a replaced, a removed and a deleted account's picture at the domain's key", async () => {
  await queuedKeys();
  const [old, next] = [randomUUID(), randomUUID()];
  const cook = account(old);
  await store.accounts.insert(cook);

  await store.accounts.update(cook.id, { avatarId: next });
  expect(await queuedKeys()).toEqual([avatarKey(cook.id, old)]);

  await store.accounts.update(cook.id, { avatarId: null });
  expect(await queuedKeys()).toEqual([avatarKey(cook.id, next)]);

  await store.accounts.update(cook.id, { avatarId: old });
  await store.accounts.delete(cook.id);
  expect(await queuedKeys()).toEqual([avatarKey(cook.id, old)]);
});

it("finds a file queued a moment ago due even when the caller's clock is behind the database's", async () => {
  await queuedKeys();
  const cook = account(randomUUID());
  await store.accounts.insert(cook);
  await store.accounts.update(cook.id, { avatarId: null });
  // The trigger stamped the row with the database's now() (microseconds); a sweep whose own clock
  // reads a little earlier (milliseconds cut off, another host's clock) must still take it.
  const behind = new Date(Date.now() - 5_000);
  const due = await store.imageDeletions.claimDue(behind, new Date(behind.getTime() + 60_000), 100);
  expect(due.map((d) => d.key)).toContain(avatarKey(cook.id, cook.avatarId!));
  for (const entry of due) await store.imageDeletions.remove(entry.id);
  // What was only just claimed stays leased: a second sweep right after takes nothing.
  expect(await store.imageDeletions.claimDue(behind, new Date(behind.getTime() + 60_000), 100)).toEqual([]);
});
