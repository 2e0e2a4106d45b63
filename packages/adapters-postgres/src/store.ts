import type { Repositories, Store } from '@larder/domain';
import type { Kysely } from 'kysely';
import { PostgresAccountRepository } from './repositories/account.repository.js';
import { PostgresApiTokenRepository } from './repositories/api-token.repository.js';
import { PostgresCommentRepository } from './repositories/comment.repository.js';
import type { Executor } from './repositories/executor.js';
import { PostgresHouseholdSettingsRepository } from './repositories/household-settings.repository.js';
import { PostgresLoginThrottleRepository } from './repositories/login-throttle.repository.js';
import { PostgresOneTimeLinkRepository } from './repositories/one-time-link.repository.js';
import { PostgresRecipeRepository } from './repositories/recipe.repository.js';
import { PostgresSessionRepository } from './repositories/session.repository.js';
import { PostgresShareRepository } from './repositories/share.repository.js';
import { PostgresAppSecretRepository } from './repositories/app-secret.repository.js';
import { PostgresRecipeImageRepository } from './repositories/recipe-image.repository.js';
import { PostgresPendingImageDeletionRepository } from './repositories/pending-image-deletion.repository.js';
import type { LarderDatabase } from './schema.js';

function repositoriesOn(db: Executor): Repositories {
  return {
    accounts: new PostgresAccountRepository(db),
    sessions: new PostgresSessionRepository(db),
    apiTokens: new PostgresApiTokenRepository(db),
    links: new PostgresOneTimeLinkRepository(db),
    loginThrottle: new PostgresLoginThrottleRepository(db),
    settings: new PostgresHouseholdSettingsRepository(db),
    recipes: new PostgresRecipeRepository(db),
    shares: new PostgresShareRepository(db),
    appSecrets: new PostgresAppSecretRepository(db),
    comments: new PostgresCommentRepository(db),
    recipeImages: new PostgresRecipeImageRepository(db),
    imageDeletions: new PostgresPendingImageDeletionRepository(db),
  };
}

/** The domain's store on PostgreSQL (through `pg` or PGlite: the same SQL). */
export function createPostgresStore(db: Kysely<LarderDatabase>): Store {
  return {
    ...repositoriesOn(db),
    transaction: (work) => db.transaction().execute((trx) => work(repositoriesOn(trx))),
  };
}
