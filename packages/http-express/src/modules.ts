import type { SchemaRegistry } from './http/schema-registry.js';
import { authRoutes } from './routes/auth.routes.js';
import { avatarRoutes } from './routes/avatars.routes.js';
import { imageRoutes } from './routes/images.routes.js';
import { commentRoutes } from './routes/comments.routes.js';
import { recipeRoutes } from './routes/recipes.routes.js';
import type { RouteModule } from './routes/route-module.js';
import { publicRoutes } from './routes/public.routes.js';
import { serviceRoutes } from './routes/service.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { shareRoutes } from './routes/shares.routes.js';
import { setupPageRoutes } from './routes/setup-page.routes.js';
import { tokenRoutes } from './routes/tokens.routes.js';
import { userRoutes } from './routes/users.routes.js';
import { defineAccountSchemas } from './schemas/account.schemas.js';
import { defineCommentSchemas } from './schemas/comment.schemas.js';
import { defineCommonSchemas } from './schemas/common.schemas.js';
import { defineImageSchemas } from './schemas/image.schemas.js';
import { defineRecipeSchemas } from './schemas/recipe.schemas.js';
import { defineSettingsSchemas } from './schemas/settings.schemas.js';
import { defineShareSchemas } from './schemas/share.schemas.js';
import { defineTokenSchemas } from './schemas/token.schemas.js';

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
];

/** Every route module of the API; each capability adds its own. */
export const routeModules: RouteModule[] = [
  serviceRoutes,
  authRoutes,
  userRoutes,
  tokenRoutes,
  settingsRoutes,
  recipeRoutes,
  setupPageRoutes,
  commentRoutes,
  shareRoutes,
  imageRoutes,
  avatarRoutes,
  publicRoutes,
];
