import type { Database } from '@larder/adapters-postgres';
import type { RecipeTransfer } from '@larder/domain';
import type { Config } from '../../config.js';
import type { Metrics } from '../../metrics.js';
import type { OperationTable, Services } from '../../operations/operation-table.js';
import type { SchemaRegistry } from '../../schemas/schema-registry.js';
import type { RestTable } from '../route.js';
import type { WebApp } from '../web-app.js';

/** What REST's own routes use besides the domain services. */
export interface RestServices extends Services {
  database: Database;
  transfer: RecipeTransfer;
}

/** What a module of REST's own routes is given to declare them. */
export interface RestRouteContext {
  table: RestTable;
  operations: OperationTable;
  registry: SchemaRegistry;
  services: RestServices;
  config: Config;
  metrics: Metrics;
  /** The household's web app, when it is built and not turned off. */
  webApp: WebApp | null;
}

export type RestRouteModule = (ctx: RestRouteContext) => void;
