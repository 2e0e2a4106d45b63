import type { AccountRepository } from './accounts/account-store.port.js';
import type { CommentRepository } from './comments/comment-store.port.js';
import type { ApiTokenRepository } from './tokens/api-token-store.port.js';
import type { HouseholdSettingsRepository } from './settings/household-settings-store.port.js';
import type { SignInAttemptRepository } from './sessions/sign-in-attempt-store.port.js';
import type { MailSettingsRepository } from './mail/mail-settings-store.port.js';
import type { MailOutboxRepository } from './mail/mail-outbox-store.port.js';
import type { IdentityRepository } from './single-sign-on/identity-store.port.js';
import type { SignInFlowRepository } from './single-sign-on/sign-in-flow-store.port.js';
import type { OneTimeLinkRepository } from './accounts/one-time-link-store.port.js';
import type { SessionRepository } from './sessions/session-store.port.js';
import type { RecipeRepository } from './recipes/recipe-store.port.js';
import type { RecipeListingRepository } from './recipes/recipe-listing.port.js';
import type { ShareRepository } from './shares/share-store.port.js';
import type { AppSecretRepository } from './shares/app-secret-store.port.js';
import type { RecipeImageRepository } from './photos/recipe-image-store.port.js';
import type { PendingImageDeletionRepository } from './photos/image-deletion-store.port.js';

export const STORE = Symbol('Store');

/** Every repository, bound to one connection or one transaction. */
export interface Repositories {
  accounts: AccountRepository;
  sessions: SessionRepository;
  apiTokens: ApiTokenRepository;
  links: OneTimeLinkRepository;
  signInAttempts: SignInAttemptRepository;
  mailSettings: MailSettingsRepository;
  mailOutbox: MailOutboxRepository;
  identities: IdentityRepository;
  signInFlows: SignInFlowRepository;
  settings: HouseholdSettingsRepository;
  recipes: RecipeRepository;
  recipeListing: RecipeListingRepository;
  shares: ShareRepository;
  appSecrets: AppSecretRepository;
  comments: CommentRepository;
  recipeImages: RecipeImageRepository;
  imageDeletions: PendingImageDeletionRepository;
}

export interface Store extends Repositories {
  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}
