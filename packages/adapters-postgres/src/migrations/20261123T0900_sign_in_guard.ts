import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Sign-in attempts, counted before a password is checked, under three kinds of key: a username
  // with one client address, a client address alone, and a username alone (whose `next_turn`
  // spaces out its checks). Counts start over when their window has passed. Replaces the
  // per-username `login_throttle`, whose counts were only seconds-long state.
  await sql`
    create table sign_in_attempts (
      key text primary key,
      attempts integer not null check (attempts >= 0),
      window_started_at timestamptz not null,
      next_turn timestamptz
    )`.execute(db);
  await sql`create index sign_in_attempts_by_window on sign_in_attempts (window_started_at)`.execute(db);
  await sql`drop table login_throttle`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_throttle (
      username_key text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    )`.execute(db);
  await sql`drop table sign_in_attempts`.execute(db);
}
