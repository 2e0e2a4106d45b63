import { type Caller, DomainError, type FieldIssue } from '@larder/domain';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { Logger } from 'pino';
import { checkAccess } from '../operations/access.js';
import type { Call, Param } from '../operations/operation.js';
import { unfitTextAt } from '../operations/unfit-text.js';
import { announcesMoreThan } from './announced-length.js';
import type { JsonSchema } from '../schemas/json-schema.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { issuesFrom } from '../schemas/validation-issues.js';
import { problem, problemFromDomain, validationProblem, HttpProblem } from './problem.js';
import { linkDescribedBy } from './send-json.js';
import {
  type OperationRoute,
  type RawRoute,
  type RestTable,
  type RouteDescription,
  describeOperationRoute,
} from './route.js';
import {
  KNOWN_DEVICE_COOKIE,
  clearSessionCookie,
  readCookie,
  setKnownDeviceCookie,
  setSessionCookie,
} from './session-cookie.js';

export interface MountOptions {
  registry: SchemaRegistry;
  /** Resolves the caller of a request (from its bearer token or session cookie). */
  resolveCaller(req: Request): Promise<Caller | null>;
  schemaUrl(req: Request, name: string): string;
  baseUrl(req: Request): string;
  secureCookies: boolean;
  /** In tests: every JSON answer is checked against its declared schema. */
  checkResponses: boolean;
  /**
   * Read a JSON body into `req.body` (on the routes that take one, and only there): for members,
   * and — much smaller — on public routes, for anybody.
   */
  jsonBodies: Record<'members' | 'anybody', JsonBodyReader>;
}

/** Reads a JSON body of at most `limitBytes` (that has arrived within `deadlineMs`, when given). */
export interface JsonBodyReader {
  read: RequestHandler;
  limitBytes: number;
  deadlineMs?: number;
}

/**
 * How long a public route waits for its (at most 64 KiB) body: anybody may open a connection and
 * trickle a body a byte at a time; past this it is a 408 and the connection ends.
 */
export const PUBLIC_BODY_DEADLINE_MS = 30_000;

/**
 * The largest JSON body a public route reads (a sign-in, a setup link, a reset): what anybody may
 * make the service parse. Members' bodies may be 5 MiB (a recipe at every limit is about 1.5 MB).
 */
export const PUBLIC_JSON_LIMIT_BYTES = 64 * 1024;

/**
 * Reads the request's JSON body, once the caller has been admitted: a stranger's body is never
 * read on a member's route (a slow one holds nothing), a public route reads at most 64 KiB, and a
 * body whose `Content-Length` is over the limit is refused at once (413), not after it arrived.
 */
function readBody(
  req: Request,
  res: Response,
  route: RouteDescription,
  options: MountOptions,
): Promise<void> {
  const reader = options.jsonBodies[route.access.kind === 'public' ? 'anybody' : 'members'];
  if (announcesMoreThan(req, reader.limitBytes)) {
    throw problem(413, `A JSON body may be at most ${reader.limitBytes} bytes here.`);
  }
  return new Promise((resolve, reject) => {
    const { deadlineMs } = reader;
    const deadline =
      deadlineMs === undefined
        ? undefined
        : setTimeout(
            () => reject(problem(408, `The body did not arrive within ${deadlineMs / 1000} s.`)),
            deadlineMs,
          );
    reader.read(req, res, (error?: unknown) => {
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve();
    });
  });
}

function objectSchemaOf(specs: Record<string, Param>, allRequired: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    properties[name] = spec.schema;
    if (allRequired || spec.required) required.push(name);
  }
  return { type: 'object', properties, required };
}

/** The spellings of a boolean a query may use (those of Go's `strconv.ParseBool`, as the reference reads them). */
const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  True: true,
  TRUE: true,
  t: true,
  T: true,
  '1': true,
  false: false,
  False: false,
  FALSE: false,
  f: false,
  F: false,
  '0': false,
};

function wants(spec: Param, type: string): boolean {
  const declared = spec.schema['type'];
  return declared === type || (Array.isArray(declared) && declared.includes(type));
}

/**
 * The query as the route's schema reads it: a parameter sent empty (`?limit=&sort=`, as a form
 * sends its blank fields) counts as not sent, but for a flag (`?plain`); comma-separated values become arrays where the schema
 * wants one (`tags=a,b`); of a parameter sent twice the last counts; booleans may be spelled
 * `1`/`0`, `t`/`f` or in capitals; integers are decimal digits only.
 */
function queryInput(query: Record<string, unknown>, specs: Record<string, Param>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    let value = query[name];
    if (value === undefined) continue;
    if (wants(spec, 'array')) {
      const given: unknown[] = Array.isArray(value) ? value : [value];
      // Bracket names (`tags[x]=a`, `tags[0][y]=b`) give objects, not words: left as they are, the
      // validator refuses them at their place (never read as the text "[object Object]").
      if (given.some((v) => typeof v !== 'string')) {
        out[name] = value;
        continue;
      }
      const parts = (given as string[]).flatMap((v) => v.split(','));
      value = parts.map((p) => p.trim()).filter((p) => p !== '');
      if ((value as string[]).length === 0) continue;
    } else if (Array.isArray(value)) {
      value = value[value.length - 1];
    }
    if (value === '' && !spec.flag) continue;
    if (typeof value === 'string' && wants(spec, 'boolean')) value = BOOLEAN_WORDS[value] ?? value;
    // An integer is written in decimal digits: not `0x10`, `1e1`, `5.0` or ` 5`, which a plain
    // conversion to a number (the validator's) would take.
    if (typeof value === 'string' && wants(spec, 'integer') && !/^-?\d+$/.test(value)) {
      throw validationProblem([{ location: `query.${name}`, message: 'must be integer' }]);
    }
    out[name] = value;
  }
  return out;
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** The media types a JSON body may be sent as. */
const JSON_TYPES = ['application/json', 'application/*+json'];

/** A body that says it is JSON, or says nothing of its type (read as JSON, as the reference reads it). */
export function isJson(req: Request): boolean {
  if (req.headers['content-type'] === undefined) return hasBody(req);
  // A matching type name, or false / null when the request says another type.
  return typeof req.is(JSON_TYPES) === 'string';
}

/**
 * Where in the request a domain issue is: the domain locates issues relative to the input
 * (`steps[0].text`, `crop`); a name that is a path or query parameter of the route is there,
 * everything else is in the body.
 */
function inRequest(route: RouteDescription, location: string): string {
  const first = /^[^.[]*/.exec(location)?.[0] ?? '';
  if (route.params && first in route.params) return `path.${location}`;
  if (route.query && first in route.query) return `query.${location}`;
  return location === '' ? 'body' : `body.${location}`;
}

/** A domain error as this route's problem: its issues located in the request. */
function locatedProblem(error: unknown, route: RouteDescription): unknown {
  if (!(error instanceof DomainError)) return error;
  const p = problemFromDomain(error);
  if (p.errors)
    p.errors = p.errors.map((i: FieldIssue) => ({ ...i, location: inRequest(route, i.location) }));
  return new HttpProblem(p);
}

/**
 * No string that text cannot keep (NUL, half a character) goes further than the edge: in the path
 * it names nothing (404); in the query or the body it is a 422 at its place. So none ever reaches
 * a query.
 */
function refuseUnfitTextInPath(params: Record<string, unknown>): void {
  if (unfitTextAt(params, '')) throw problem(404, 'Nothing is named like that.');
}

function refuseUnfitText(values: Record<string, unknown> | unknown, where: 'query' | 'body'): void {
  const issue = values === undefined ? null : unfitTextAt(values, where);
  if (issue) throw validationProblem([issue]);
}

/**
 * The JSON body, checked against its schema: 415 for another media type, 422 for a body that is
 * missing (unless optional) or breaks the schema, NUL refused; `$schema` is accepted and dropped.
 */
export function readJsonBody(
  req: Request,
  validate: ReturnType<SchemaRegistry['validator']>,
  optional: boolean,
): unknown {
  if (hasBody(req) && !isJson(req)) throw problem(415, 'Send the body as application/json.');
  let value: unknown = req.body;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { $schema: _ignored, ...rest } = value as Record<string, unknown>;
    value = rest;
  }
  const absent = value === undefined || (!hasBody(req) && req.body === undefined);
  if (absent) {
    if (!optional) throw validationProblem([{ location: 'body', message: 'is required' }]);
    return undefined;
  }
  if (!validate(value)) throw validationProblem(issuesFrom(validate.errors, 'body'));
  refuseUnfitText(value, 'body');
  return value;
}

interface Validators {
  params: ReturnType<SchemaRegistry['validator']> | null;
  query: ReturnType<SchemaRegistry['validator']> | null;
}

function validatorsOf(route: RouteDescription, registry: SchemaRegistry): Validators {
  return {
    params: route.params ? registry.validator(objectSchemaOf(route.params, true), 'param') : null,
    query: route.query ? registry.validator(objectSchemaOf(route.query, false), 'param') : null,
  };
}

/** The bytes of answers that cannot change (frozen) with their `$schema`, kept while the answer lives. */
const answerBodies = new WeakMap<object, { url: string; body: Buffer }>();

/**
 * `{"$schema": url, …answer}` as the bytes sent: a frozen answer (a presenter hands it out again
 * while nothing changed) is serialized and encoded once per schema address, so a repeated read
 * writes bytes kept from before.
 */
function bodyWithSchema(url: string, answer: object): Buffer | string {
  if (!Object.isFrozen(answer)) return withSchema(url, JSON.stringify(answer));
  const kept = answerBodies.get(answer);
  if (kept?.url === url) return kept.body;
  const body = Buffer.from(withSchema(url, JSON.stringify(answer)));
  answerBodies.set(answer, { url, body });
  return body;
}

/** `{"$schema": url, …answer}` from the answer's JSON, the schema first as before. */
function withSchema(url: string, answer: string): string {
  const schema = `{"$schema":${JSON.stringify(url)}`;
  return answer === '{}' ? `${schema}}` : `${schema},${answer.slice(1)}`;
}

/** What a route leaves on the response for the request's log line and metrics. */
export interface RequestLocals {
  operationId?: string;
  accountId?: string;
}

/**
 * Names the route in everything the request logs from now on, then the caller once known: every
 * log line of a request carries its operation id and the caller's account id (never a credential).
 */
function labelRequest(req: Request, res: Response, fields: RequestLocals): void {
  Object.assign(res.locals as RequestLocals, fields);
  const withLog = req as Request & { log: Logger };
  withLog.log = withLog.log.child(fields);
}

/** Who calls (public routes never look: a bad credential there is as good as none), checked against the rule. */
async function admitted(
  route: RouteDescription,
  req: Request,
  res: Response,
  options: MountOptions,
): Promise<Caller | null> {
  const operationId = route.operationId;
  if (route.access.kind === 'public') {
    labelRequest(req, res, { operationId });
    return null;
  }
  let caller: Caller | null;
  try {
    caller = await options.resolveCaller(req);
  } catch (error) {
    labelRequest(req, res, { operationId });
    throw error;
  }
  // One child logger per request, with both names (making one is a good part of a cached read).
  labelRequest(req, res, caller ? { operationId, accountId: caller.account.id } : { operationId });
  checkAccess(route.access, caller);
  return caller;
}

function pathAndQuery(route: RouteDescription, req: Request, validators: Validators) {
  const params: Record<string, unknown> = { ...(req.params as Record<string, unknown>) };
  if (validators.params && !validators.params(params)) {
    throw validationProblem(issuesFrom(validators.params.errors, 'path'));
  }
  let query: Record<string, unknown> = {};
  if (route.query) {
    query = queryInput(req.query as Record<string, unknown>, route.query);
    if (validators.query && !validators.query(query)) {
      throw validationProblem(issuesFrom(validators.query.errors, 'query'));
    }
  }
  return { params, query };
}

function mountOperation(
  router: Router,
  bound: OperationRoute,
  route: RouteDescription,
  options: MountOptions,
) {
  const { registry } = options;
  const op = bound.operation;
  const validators = validatorsOf(route, registry);
  const body = op.input.body;
  const bodyValidator = body ? registry.validator(body.name, 'body') : null;
  const output = op.output;
  const responseValidator =
    options.checkResponses && output.status !== 204 ? registry.validator(output.schema, 'body') : null;
  const describedBy = op.describedBy ?? true;

  const handler: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = await admitted(route, req, res, options);
      const { params, query } = pathAndQuery(route, req, validators);
      refuseUnfitTextInPath(params);
      refuseUnfitText(query, 'query');
      let input: Record<string, unknown> = { ...params, ...query };
      if (body && bodyValidator) {
        await readBody(req, res, route, options);
        input = { ...input, body: readJsonBody(req, bodyValidator, body.optional === true) };
      }
      const call: Call = {
        caller,
        baseUrl: options.baseUrl(req),
        clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        log: (req as Request & { log: Logger }).log,
        ...ifMatchOf(req),
        session: {
          knownDevice: readCookie(req, KNOWN_DEVICE_COOKIE),
          start: (signedIn) => {
            setSessionCookie(res, signedIn.sessionToken, signedIn.expiresAt, options.secureCookies);
            const device = signedIn.knownDevice;
            if (device) setKnownDeviceCookie(res, device.token, device.expiresAt, options.secureCookies);
          },
          end: () => clearSessionCookie(res, options.secureCookies),
        },
      };
      // Answers are the caller's own and change with every write: a browser asks again each time.
      res.setHeader('Cache-Control', 'private, no-cache');
      const result = await op.run(call as never, input as never);
      if (output.status === 204) {
        res.status(204).end();
        return;
      }
      if (responseValidator && !responseValidator(result)) {
        const issues = issuesFrom(responseValidator.errors, 'response');
        throw new Error(`answer of ${op.id} breaks ${output.schema}: ${JSON.stringify(issues)}`);
      }
      if (output.version) res.setHeader('ETag', `"${output.version(result as never)}"`);
      let text: Buffer | string;
      if (describedBy && typeof result === 'object' && result !== null && !Array.isArray(result)) {
        const url = options.schemaUrl(req, output.schema);
        linkDescribedBy(res, url);
        text = bodyWithSchema(url, result);
      } else {
        text = JSON.stringify(result);
      }
      // `end`, not `send`: express would answer 304 to an If-None-Match naming the ETag, which names
      // the recipe's version (for If-Match), not every byte of this caller's answer (marks, counts).
      res.status(output.status).type('application/json');
      res.end(text);
    } catch (error) {
      next(locatedProblem(error, route));
    }
  };
  router[bound.method](bound.path, handler);
}

function mountRaw(router: Router, route: RawRoute, options: MountOptions) {
  const validators = validatorsOf(route, options.registry);
  const handler: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = await admitted(route, req, res, options);
      const { params, query } = pathAndQuery(route, req, validators);
      // Public pages and files answer a link that names nothing alike, whatever it holds.
      if (route.access.kind !== 'public') {
        refuseUnfitTextInPath(params);
        refuseUnfitText(query, 'query');
      }
      if (route.body) await readBody(req, res, route, options);
      await route.handle({
        req,
        res,
        caller,
        params,
        query,
        log: (req as Request & { log: Logger }).log,
        schemaUrl: (name) => options.schemaUrl(req, name),
        baseUrl: options.baseUrl(req),
        lookUpCaller: () => options.resolveCaller(req).catch(() => null),
      });
    } catch (error) {
      next(locatedProblem(error, route));
    }
  };
  router[route.method](route.path, handler);
}

/** Mounts every route of the table: operations first, then REST's own routes. */
export function mountRoutes(router: Router, table: RestTable, options: MountOptions): void {
  for (const bound of table.operations) {
    const route = describeOperationRoute(bound);
    mountOperation(router, bound, route, options);
  }
  for (const route of table.raw) mountRaw(router, route, options);
}

/**
 * `If-Match` as the versions it names (RFC 9110 §13.1.1): `*`, or the opaque parts of its strong
 * entity tags. Weak tags never match in this comparison, so a header of weak or unreadable tags
 * only asks for a version that cannot be, and the change is refused as stale.
 */
function ifMatchOf(req: Request): { expectedVersion?: '*' | string[] } {
  const header = req.headers['if-match'];
  if (header === undefined) return {};
  if (header.trim() === '*') return { expectedVersion: '*' };
  const versions = [...header.matchAll(/(?:^|,)\s*"([\x21\x23-\x7e]*)"\s*(?=,|$)/g)].map((m) => m[1] ?? '');
  return { expectedVersion: versions.slice(0, 32) };
}
