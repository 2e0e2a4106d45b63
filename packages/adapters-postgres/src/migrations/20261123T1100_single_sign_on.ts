import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // An account's identity at the household's provider: at most one per account, and one account
  // per identity (issuer, subject).
  await sql`
    create table identities (
      account_id text primary key references accounts (id) on delete cascade,
      issuer text not null,
      subject text not null,
      linked_at timestamptz not null,
      unique (issuer, subject)
    )`.execute(db);

  // A sign-in through the provider under way: what finishing it needs, found by the digest of its
  // state, taken once, for a few minutes. Any instance finishes what another started.
  await sql`
    create table sign_in_flows (
      state_digest text primary key,
      nonce text not null,
      code_verifier text not null,
      intent text not null check (intent in ('login', 'link', 'setup')),
      next_path text not null,
      account_id text references accounts (id) on delete cascade,
      setup_token_digest text,
      created_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sign_in_flows_by_expiry on sign_in_flows (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_flows`.execute(db);
  await sql`drop table identities`.execute(db);
}
