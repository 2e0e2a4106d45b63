import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Public links. Their state (active, paused, limited, expired) is computed on every
  // read from the row, the creator and the household settings; only revocation is stored.
  // A deleted creator leaves the link in place, paused (created_by becomes null).
  await sql`
    create table shares (
      id text primary key,
      recipe_id text not null references recipes (id) on delete cascade,
      created_by text references accounts (id) on delete set null,
      token text,
      token_digest text not null unique,
      created_at timestamptz not null,
      expires_at timestamptz,
      revoked_at timestamptz,
      constraint shares_token_while_unrevoked check (revoked_at is not null or token is not null)
    )`.execute(db);
  // One unrevoked link per member and recipe: the second request gets the first link back.
  await sql`create unique index shares_one_per_member on shares (recipe_id, created_by) where revoked_at is null`.execute(
    db,
  );
  await sql`create index shares_by_creator on shares (created_by, created_at desc) where revoked_at is null`.execute(
    db,
  );
  await sql`create index shares_unrevoked on shares (created_at desc) where revoked_at is null`.execute(db);

  // Keys the application makes for itself once (link-preview signing), shared by every app server.
  await sql`
    create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_secrets`.execute(db);
  await sql`drop table shares`.execute(db);
}
