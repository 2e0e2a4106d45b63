import { avatarRoutes } from './rest/routes/avatars.routes.js';
import { imageRoutes } from './rest/routes/images.routes.js';
import { publicRoutes } from './rest/routes/public.routes.js';
import type { RestRouteModule } from './rest/routes/route-module.js';
import { serviceRoutes } from './rest/routes/service.routes.js';
import { setupPageRoutes } from './rest/routes/setup-page.routes.js';
import { confirmPageRoutes } from './rest/routes/confirm-page.routes.js';
import { singleSignOnRoutes } from './rest/routes/single-sign-on.routes.js';
import { transferRoutes } from './rest/routes/transfer.routes.js';
import { draftPhotoRoutes } from './rest/routes/draft-photo.routes.js';
import { mcpRoutes } from './rest/routes/mcp.routes.js';
import { apiDocsRoutes } from './rest/routes/api-docs.routes.js';
import { metricsRoutes } from './rest/routes/metrics.routes.js';
import type { SchemaRegistry } from './schemas/schema-registry.js';
import { defineAccountSchemas } from './schemas/account.schemas.js';
import { defineCommentSchemas } from './schemas/comment.schemas.js';
import { defineCommonSchemas } from './schemas/common.schemas.js';
import { defineImageSchemas } from './schemas/image.schemas.js';
import { defineRecipeSchemas } from './schemas/recipe.schemas.js';
import { defineSettingsSchemas } from './schemas/settings.schemas.js';
import { defineShareSchemas } from './schemas/share.schemas.js';
import { defineTokenSchemas } from './schemas/token.schemas.js';
import { defineMailSchemas } from './schemas/mail.schemas.js';
import { defineTransferSchemas } from './schemas/transfer.schemas.js';
import { defineDraftSchemas } from './schemas/draft.schemas.js';

/** Every schema module of the API; each capability adds its own. */
export const schemaModules: Array<(registry: SchemaRegistry) => void> = [
  defineCommonSchemas,
  defineAccountSchemas,
  defineTokenSchemas,
  defineSettingsSchemas,
  defineRecipeSchemas,
  defineShareSchemas,
  defineCommentSchemas,
  defineImageSchemas,
  defineMailSchemas,
  defineTransferSchemas,
  defineDraftSchemas,
];

/** REST's own routes (files, uploads, pages, the API description); operations are bound in rest/bindings.ts. */
export const restRouteModules: RestRouteModule[] = [
  serviceRoutes,
  apiDocsRoutes,
  metricsRoutes,
  setupPageRoutes,
  confirmPageRoutes,
  singleSignOnRoutes,
  transferRoutes,
  draftPhotoRoutes,
  mcpRoutes,
  imageRoutes,
  avatarRoutes,
  publicRoutes,
];
