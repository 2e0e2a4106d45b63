/** Small helpers shared by the comment tests: a recipe to talk about, and comment calls. */
import request from 'supertest';
import type { Member, TestApp } from '../test-support/test-app.js';
import { createRecipe } from './share-helpers.js';

/** A recipe written by `author` through the API; `locked` sets its edit policy to locked. */
export async function recipeBy(
  t: TestApp,
  author: Member,
  options: { locked?: boolean } = {},
): Promise<string> {
  const created = await createRecipe(t, author, options.locked ? { editPolicy: 'locked' } : {});
  return created.id;
}

/** Writes a comment as `who` (a member's cookie or `Bearer …`) and answers the created comment. */
export async function comment(
  t: TestApp,
  who: Member,
  recipeId: string,
  body: string,
): Promise<{ id: number; body: string }> {
  const res = await request(t.app)
    .post(`/api/v1/recipes/${recipeId}/comments`)
    .set('Cookie', who.cookie)
    .send({ body });
  if (res.status !== 201) throw new Error(`comment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface ListedComment {
  id: number;
  body: string;
  new: boolean;
  canEdit: boolean;
  canDelete: boolean;
  author?: { id: string; username: string };
  editedAt: string | null;
}

export async function listComments(t: TestApp, who: Member, recipeId: string): Promise<ListedComment[]> {
  const res = await request(t.app).get('/api/v1/comments').query({ recipeId }).set('Cookie', who.cookie);
  if (res.status !== 200) throw new Error(`listing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.comments;
}

/** The ids of the comments that are new to `who`. */
export async function newIds(t: TestApp, who: Member, recipeId: string): Promise<number[]> {
  return (await listComments(t, who, recipeId)).filter((c) => c.new).map((c) => c.id);
}

export async function markSeen(t: TestApp, who: Member, recipeId: string, upTo: number): Promise<void> {
  const res = await request(t.app)
    .put(`/api/v1/recipes/${recipeId}/comments/seen`)
    .set('Cookie', who.cookie)
    .send({ upTo });
  if (res.status !== 204) throw new Error(`mark seen failed: ${res.status} ${JSON.stringify(res.body)}`);
}
