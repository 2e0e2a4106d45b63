import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table accounts (
      id text primary key,
      username text not null,
      username_key text not null unique,
      display_name text not null,
      email text,
      email_verified boolean not null default false,
      role text not null check (role in ('user', 'admin', 'superadmin')),
      color text not null,
      locale text not null,
      avatar_id text,
      can_share_publicly boolean not null default true,
      password_hash text,
      has_identity boolean not null default false,
      created_at timestamptz not null
    )`.execute(db);
  // At most one owner, whatever races at first start.
  await sql`create unique index accounts_single_owner on accounts ((role)) where role = 'superadmin'`.execute(
    db,
  );

  await sql`
    create table sessions (
      token_digest text primary key,
      account_id text not null references accounts (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      refreshed_at timestamptz not null
    )`.execute(db);
  await sql`create index sessions_by_account on sessions (account_id)`.execute(db);

  await sql`
    create table api_tokens (
      id text primary key,
      owner_id text not null references accounts (id) on delete cascade,
      name text not null,
      prefix text not null,
      token_digest text not null unique,
      scopes text[] not null,
      created_at timestamptz not null,
      expires_at timestamptz,
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index api_tokens_by_owner on api_tokens (owner_id)`.execute(db);

  await sql`
    create table one_time_links (
      token_digest text primary key,
      account_id text not null references accounts (id) on delete cascade,
      purpose text not null check (purpose in ('setup', 'reset', 'confirm')),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index one_time_links_by_account on one_time_links (account_id, purpose)`.execute(db);

  await sql`
    create table login_throttle (
      username_key text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    )`.execute(db);

  await sql`
    create table household_settings (
      id integer primary key default 1 check (id = 1),
      public_shares boolean not null default false,
      public_share_default_days integer,
      public_share_max_days integer,
      public_share_attribution boolean not null default true,
      link_previews boolean not null default false,
      link_preview_minutes integer not null default 15,
      recipes_locked_by_default boolean not null default false,
      constraint share_default_within_max check (
        public_share_max_days is null
        or (public_share_default_days is not null and public_share_default_days <= public_share_max_days)
      )
    )`.execute(db);
  await sql`insert into household_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'household_settings',
    'login_throttle',
    'one_time_links',
    'api_tokens',
    'sessions',
    'accounts',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
