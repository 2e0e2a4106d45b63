import type { DependencyContainer } from 'tsyringe';
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
