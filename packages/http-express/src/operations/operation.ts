import type { Caller, Role, Scope, SignedIn } from '@larder/domain';
import type { Logger } from 'pino';
import type { Schema, Static } from '../schemas/json-schema.js';

/**
 * Who may call an operation. `public`: anybody; `session`: a signed-in member (API tokens are
 * refused); `scope`: a signed-in member, or an API token carrying the scope; `token`: an API token
 * carrying the scope, and nothing else (the MCP endpoint). `roles`, when given,
 * also demands one of these roles of the caller (finer rules, such as ranks, stay in the domain).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session'; roles?: readonly Role[] }
  | { kind: 'scope'; scope: Scope; roles?: readonly Role[] }
  | { kind: 'token'; scope: Scope; roles?: readonly Role[] };

export const PUBLIC = { kind: 'public' } as const;
export const SESSION = { kind: 'session' } as const;
export function scoped(scope: Scope): { kind: 'scope'; scope: Scope } {
  return { kind: 'scope', scope };
}
export function tokenOnly(scope: Scope): { kind: 'token'; scope: Scope } {
  return { kind: 'token', scope };
}

/** What the transport lets an operation do with the caller's session (REST: the session cookie). */
export interface SessionControl {
  /** The token a password sign-in gave this client before, if it brings one (a known device). */
  readonly knownDevice?: string;
  /** From now on the client is signed in with this session (and, after a password, a known device). */
  start(signedIn: SignedIn): void;
  /** The client's session is over. */
  end(): void;
}

/** One call of an operation, as the transport hands it over. */
export interface Call<C extends Caller | null = Caller | null> {
  /** Who calls; never null unless the operation is public. */
  caller: C;
  session: SessionControl;
  /** The household's base URL (`SERVICE_PUBLIC_URL`, or where the request came in), for links. */
  baseUrl: string;
  /** The client's address (behind trusted proxies, the one they forwarded). */
  clientAddress: string;
  log: Logger;
  /**
   * The versions of the resource the client made its change on (REST: `If-Match`; `*` any);
   * undefined when it named none, and the change is made whatever the version.
   */
  expectedVersion?: '*' | readonly string[];
}

/** One named value of the input (a path or query parameter). */
export interface Param<T = unknown> {
  schema: Schema<T>;
  description?: string;
  /** Query parameters only; path parameters are always required. */
  required?: boolean;
  /**
   * Query parameters only: present even when sent without a value (`?plain`). Any other parameter
   * sent empty counts as not sent.
   */
  flag?: boolean;
}

/** The input's body: a named schema of the registry, carrying its type. */
export interface Body<T = unknown> {
  /** The schema's name in the registry (and in OpenAPI's `components.schemas`). */
  name: string;
  schema: Schema<T>;
  /** An absent body is accepted (the operation gets `undefined`). */
  optional?: boolean;
}

/** Everything an operation takes: named values and one body, each with its JSON Schema. */
export interface InputSpec {
  path?: Record<string, Param>;
  query?: Record<string, Param>;
  body?: Body;
}

type PathValues<S> = S extends { path: infer P extends Record<string, Param> }
  ? { [K in keyof P]: Static<P[K]['schema']> }
  : unknown;
type QueryValues<S> = S extends { query: infer Q extends Record<string, Param> }
  ? { [K in keyof Q as Q[K] extends { required: true } ? K : never]: Static<Q[K]['schema']> } & {
      [K in keyof Q as Q[K] extends { required: true } ? never : K]?: Static<Q[K]['schema']>;
    }
  : unknown;
type BodyValue<S> = S extends { body: infer B extends Body }
  ? B extends { optional: true }
    ? { body: Static<B['schema']> | undefined }
    : { body: Static<B['schema']> }
  : unknown;

/** The input an operation's `run` receives: path and query values by name, and `body`. */
export type InputOf<S extends InputSpec> = PathValues<S> & QueryValues<S> & BodyValue<S>;

/** The success answer: a named schema (200, 201) or nothing (204). */
export type Output =
  | {
      status: 200 | 201;
      schema: string;
      headers?: string[];
      description?: string;
      /** The answer's version (REST: its `ETag`), for clients that change it later on that version. */
      version?: (answer: never) => string;
    }
  | { status: 204; headers?: string[]; description?: string };

/** The caller a rule lets through: anybody on public operations, a member otherwise. */
export type CallerOf<A extends Access> = A extends { kind: 'public' } ? Caller | null : Caller;

/**
 * One thing the API can do, free of any transport: REST binds it to a method and a path, MCP to
 * a tool. The binding checks `access` and validates the input against its schemas before `run`.
 */
export interface Operation<S extends InputSpec = InputSpec, A extends Access = Access> {
  id: string;
  summary: string;
  description?: string;
  /** The group it is listed under. */
  tag: string;
  access: A;
  input: S;
  output: Output;
  /** Status codes of the problems it can answer (for the API description). */
  errors: number[];
  /** Problems whose body has a schema of its own (ErrorModel otherwise), e.g. `{ 409: 'ExistingShareError' }`. */
  problems?: Record<number, string>;
  /** Answers carry `$schema` and a `describedBy` link (off for answers anybody can read). */
  describedBy?: boolean;
  /** Answers the success body (`undefined` for 204). */
  run(call: Call<CallerOf<A>>, input: InputOf<S>): Promise<unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table holds operations of every input type
export type AnyOperation = Operation<any, any>;

/** Declares an operation, inferring its input and caller types from its spec. */
export function operation<const S extends InputSpec, const A extends Access>(
  op: Operation<S, A>,
): AnyOperation {
  return op as AnyOperation;
}
