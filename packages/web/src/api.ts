/**
 * Larder's public API as the app calls it: same-origin fetch with the session cookie, JSON in
 * and out, problems (RFC 9457) turned into `ApiError`s that keep the status and the field
 * locations. Nothing here is private to the app: any client could make the same calls.
 */
import { inLanguage } from './api-messages';

export interface ProblemIssue {
  location?: string;
  message?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string | undefined,
    readonly issues: readonly ProblemIssue[],
    readonly retryAfter: number | null,
    /** The problem's stable code (`recipes.not_found`, docs/errors.md), null for `about:blank`. */
    readonly code: string | null = null,
  ) {
    super(detail ?? title);
  }
}

/** Told when any call answers 401: the session is gone. */
let onSignedOut: (() => void) | null = null;
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function api<T = void>(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  return (await apiWithHeaders<T>(method, path, body, init)).data;
}

/** The same call, answering the response's headers too (an `ETag`, say). */
export async function apiWithHeaders<T = void>(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit & { ifMatch?: string } = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await send(method, path, body, init);
  if (res.status === 204) return { data: undefined as T, headers: res.headers };
  const text = await res.text();
  return { data: (text ? safeJson(text) : undefined) as T, headers: res.headers };
}

/** A call that answers a file (an export's zip), refused as any other call is. */
export async function apiFile(method: Method, path: string, body?: unknown): Promise<Blob> {
  return (await send(method, path, body, { accept: 'application/zip, application/problem+json' })).blob();
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  init: RequestInit & { ifMatch?: string; accept?: string },
): Promise<Response> {
  const headers: Record<string, string> = { Accept: init.accept ?? 'application/json' };
  if (init.ifMatch) headers['If-Match'] = init.ifMatch;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: payload ?? null,
      credentials: 'same-origin',
      signal: init.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'offline', undefined, [], null);
  }
  if (res.ok) return res;
  const problem = problemOf(res.status, res.statusText, await res.text(), res.headers.get('Retry-After'));
  // A 401 means the session is gone, unless it refuses a password the caller typed (signing in,
  // or the current password when changing it: auth.* problems).
  const refusedPassword = problem.code?.startsWith('auth.') === true;
  if (res.status === 401 && !refusedPassword && !path.startsWith('/api/v1/auth/login')) onSignedOut?.();
  throw problem;
}

const CODE_PREFIX = 'urn:larder:problem:';

/** A refused call's answer (a problem body, or whatever came) as an ApiError; uploads use it too. */
export function problemOf(
  status: number,
  statusText: string,
  text: string,
  retryAfter: string | null,
): ApiError {
  const p = ((text ? safeJson(text) : undefined) ?? {}) as {
    type?: string;
    title?: string;
    detail?: string;
    errors?: ProblemIssue[];
  };
  const retry = Number(retryAfter);
  return new ApiError(
    status,
    p.title ?? statusText,
    p.detail,
    // Field messages in the member's language (the API speaks English).
    Array.isArray(p.errors)
      ? p.errors.map((issue) =>
          typeof issue.message === 'string' ? { ...issue, message: inLanguage(issue.message) } : issue,
        )
      : [],
    Number.isFinite(retry) && retry > 0 ? retry : null,
    typeof p.type === 'string' && p.type.startsWith(CODE_PREFIX) ? p.type.slice(CODE_PREFIX.length) : null,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Query string of the set values only. */
export function query(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    params.set(name, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

// --- the shapes the app reads (a subset of the OpenAPI description's) ------------------------

export interface Person {
  id: string;
  username: string;
  displayName: string;
  color: string;
  avatarId?: string | null;
}

export interface Me extends Person {
  role: 'superadmin' | 'admin' | 'user';
  locale: string;
  canSharePublicly: boolean;
  email: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  emailConfirmationPending: boolean;
}

export interface Card {
  id: string;
  slug: string;
  title: string;
  tags: string[] | null;
  totalMinutes: number | null;
  coverImageId: string | null;
  favorite: boolean;
  tasty: boolean;
  tastyCount: number;
  newComments: boolean;
  createdBy: Person;
}

export interface CardPage {
  items: Card[] | null;
  page: number;
  limit: number;
  total: number;
}

export interface Ingredient {
  quantity: number | null;
  unit: string | null;
  name: string;
  note: string | null;
}

export interface IngredientGroup {
  name: string | null;
  ingredients: Ingredient[] | null;
}

export interface Step {
  text: string;
  references?: { word: string; groupName: string | null; ingredientName: string }[] | null;
  times?: { phrase: string; seconds: number; maxSeconds?: number | null }[] | null;
}

export interface Image {
  id: string;
  width: number;
  height: number;
  position: number;
}

export interface Recipe {
  id: string;
  slug: string;
  title: string;
  description: string;
  servings: number;
  prepMinutes: number | null;
  cookMinutes: number | null;
  sourceUrl: string | null;
  sourceName: string | null;
  tags: string[] | null;
  ingredientGroups: IngredientGroup[] | null;
  steps: Step[] | null;
  images: Image[] | null;
  coverImageId: string | null;
  favorite: boolean;
  tasty: boolean;
  tastyBy: Person[] | null;
  tastyCount: number;
  createdBy: Person;
  updatedAt: string;
  editPolicy: 'default' | 'open' | 'locked';
  canEdit: boolean;
  canDelete: boolean;
  canChangePolicy: boolean;
}

export interface Comment {
  id: number;
  author?: Person;
  body: string;
  createdAt: string;
  editedAt: string | null;
  canEdit: boolean;
  canDelete: boolean;
  new: boolean;
}

export interface Settings {
  publicShares: boolean;
  publicShareDefaultDays: number | null;
  publicShareMaxDays: number | null;
  linkPreviews: boolean;
  mailEnabled: boolean;
}

export interface Share {
  id: string;
  path: string;
  expiresAt: string | null;
  status: string;
}

export const imageUrl = (recipeId: string, imageId: string, file: 'thumb' | 'detail' | 'original') =>
  `/images/${encodeURIComponent(recipeId)}/${encodeURIComponent(imageId)}/${file}.jpg`;

export const avatarUrl = (person: Person) =>
  person.avatarId
    ? `/avatars/${encodeURIComponent(person.id)}/${encodeURIComponent(person.avatarId)}.jpg`
    : null;
