import type { Caller } from '@larder/domain';
import type { DependencyContainer } from 'tsyringe';
import { problem } from '../http/problem.js';
import type { Config } from '../config.js';
import type { RouteTable } from '../http/route.js';
import type { SchemaRegistry } from '../http/schema-registry.js';

/** What a module of routes is given to declare its schemas and routes. */
export interface RouteModuleContext {
  table: RouteTable;
  registry: SchemaRegistry;
  container: DependencyContainer;
  config: Config;
}

export type RouteModule = (ctx: RouteModuleContext) => void;

export const idParam = { schema: { type: 'string', minLength: 1, maxLength: 64 } };

/** The caller of a route that declared it needs one (the access check has already run). */
export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw problem(401, 'Sign in first.');
  return caller;
}
