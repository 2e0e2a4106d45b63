import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The mail server as the owner configured it in the app (one row). The password is stored as
  // entered: the spec says so, and the server needs it in clear to log in.
  await sql`
    create table mail_settings (
      id integer primary key default 1 check (id = 1),
      host text not null,
      port integer not null check (port between 1 and 65535),
      security text not null check (security in ('starttls', 'tls', 'none')),
      from_address text not null,
      from_name text,
      username text,
      password text,
      updated_at timestamptz not null
    )`.execute(db);

  // Mail that must go out (a reset link, an address confirmation), written in the same
  // transaction as its link and worked off by any instance. A claimed row is leased, so two
  // instances never send the same mail; a sent one is deleted (its body holds a one-time link).
  await sql`
    create table mail_outbox (
      id bigint generated always as identity primary key,
      kind text not null,
      account_id text references accounts (id) on delete cascade,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      created_at timestamptz not null,
      not_before timestamptz not null,
      lease_until timestamptz,
      give_up_at timestamptz not null,
      attempts integer not null default 0,
      last_error text
    )`.execute(db);
  await sql`create index mail_outbox_due on mail_outbox (not_before, id)`.execute(db);

  // The address a link was mailed to: redeeming an invitation or a confirmation confirms that
  // address, and only while it is still the account's.
  await sql`alter table one_time_links add column address text`.execute(db);

  // When an account was last mailed a reset link (or hint) and a confirmation: each goes at most
  // once in a while, whoever asks, claimed in one statement.
  await sql`alter table accounts add column password_reset_mailed_at timestamptz`.execute(db);
  await sql`alter table accounts add column address_confirmation_mailed_at timestamptz`.execute(db);
  await sql`create index accounts_by_confirmed_email on accounts (lower(email)) where email_verified`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index accounts_by_confirmed_email`.execute(db);
  await sql`alter table accounts drop column address_confirmation_mailed_at`.execute(db);
  await sql`alter table accounts drop column password_reset_mailed_at`.execute(db);
  await sql`alter table one_time_links drop column address`.execute(db);
  await sql`drop table mail_outbox`.execute(db);
  await sql`drop table mail_settings`.execute(db);
}
