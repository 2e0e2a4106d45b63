import type { ColumnType, Generated } from 'kysely';

/** Timestamps come back as Date and go in as Date. */
type Timestamp = ColumnType<Date, Date, Date>;

export interface AccountsTable {
  id: string;
  username: string;
  username_key: string;
  display_name: string;
  email: string | null;
  email_verified: boolean;
  role: string;
  color: string;
  locale: string;
  avatar_id: string | null;
  can_share_publicly: boolean;
  password_hash: string | null;
  has_identity: boolean;
  created_at: Timestamp;
  password_reset_mailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  address_confirmation_mailed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SessionsTable {
  token_digest: string;
  account_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  refreshed_at: Timestamp;
}

export interface ApiTokensTable {
  id: string;
  owner_id: string;
  name: string;
  prefix: string;
  token_digest: string;
  scopes: string[];
  created_at: Timestamp;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

export interface OneTimeLinksTable {
  token_digest: string;
  account_id: string;
  purpose: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  address: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SignInAttemptsTable {
  key: string;
  attempts: number;
  window_started_at: Timestamp;
  next_turn: Timestamp | null;
}

export interface HouseholdSettingsTable {
  id: Generated<number>;
  public_shares: boolean;
  public_share_default_days: number | null;
  public_share_max_days: number | null;
  public_share_attribution: boolean;
  link_previews: boolean;
  link_preview_minutes: number;
  recipes_locked_by_default: boolean;
}

export interface RecipesTable {
  id: string;
  slug: string;
  title: string;
  title_sort: string;
  description: string;
  servings: number;
  prep_minutes: number | null;
  cook_minutes: number | null;
  total_minutes: ColumnType<number | null, never, never>;
  source_url: string | null;
  source_name: string | null;
  source_key: ColumnType<string | null, string | null | undefined, string | null>;
  tags: string[];
  /** JSON text on the way in (`JSON.stringify`), parsed value on the way out. */
  ingredient_groups: ColumnType<unknown, string, string>;
  steps: ColumnType<unknown, string, string>;
  edit_policy: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  search: ColumnType<string, unknown, unknown>;
}

export interface RecipeFavoritesTable {
  account_id: string;
  recipe_id: string;
  created_at: Timestamp;
}

export interface RecipeTastyMarksTable {
  recipe_id: string;
  account_id: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: ColumnType<number, never, never>;
  recipe_id: string;
  author_id: string | null;
  body: string;
  created_at: Timestamp;
  edited_at: Timestamp | null;
}

export interface CommentSeenTable {
  recipe_id: string;
  account_id: string;
  last_seen_id: number;
}

export interface SharesTable {
  id: string;
  recipe_id: string;
  created_by: string | null;
  token: string | null;
  token_digest: string;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface RecipeImagesTable {
  id: string;
  recipe_id: string;
  position: number;
  width: number;
  height: number;
  bytes: ColumnType<number, number, number>;
  is_cover: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface PendingImageDeletionsTable {
  id: ColumnType<number, never, never>;
  key: string;
  not_before: Timestamp;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
}

export interface MailSettingsTable {
  id: Generated<number>;
  host: string;
  port: number;
  security: string;
  from_address: string;
  from_name: string | null;
  username: string | null;
  password: string | null;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: ColumnType<number, never, never>;
  kind: string;
  account_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
  not_before: Timestamp;
  lease_until: Timestamp | null;
  give_up_at: Timestamp;
  attempts: Generated<number>;
  last_error: string | null;
  /** The digest of the one-time link the mail carries (none for a hint, or queued before it was kept). */
  link_digest: string | null;
}

export interface IdentitiesTable {
  account_id: string;
  issuer: string;
  subject: string;
  linked_at: Timestamp;
}

export interface SignInFlowsTable {
  state_digest: string;
  nonce: string;
  code_verifier: string;
  intent: string;
  next_path: string;
  account_id: string | null;
  setup_token_digest: string | null;
  browser_digest: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface LarderDatabase {
  accounts: AccountsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  one_time_links: OneTimeLinksTable;
  sign_in_attempts: SignInAttemptsTable;
  household_settings: HouseholdSettingsTable;
  recipes: RecipesTable;
  recipe_favorites: RecipeFavoritesTable;
  recipe_tasty_marks: RecipeTastyMarksTable;
  comments: CommentsTable;
  recipe_images: RecipeImagesTable;
  pending_image_deletions: PendingImageDeletionsTable;
  comment_seen: CommentSeenTable;
  shares: SharesTable;
  app_secrets: AppSecretsTable;
  mail_settings: MailSettingsTable;
  mail_outbox: MailOutboxTable;
  identities: IdentitiesTable;
  sign_in_flows: SignInFlowsTable;
}
