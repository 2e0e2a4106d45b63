import { type Kysely, sql } from 'kysely';

/**
 * A queued mail names the one-time link it carries (its digest), so a mail whose link was revoked
 * meanwhile (a password or an address changed, a newer link replaced it) is dropped unsent. Mails
 * queued before this migration name none and go out as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column link_digest text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox drop column link_digest`.execute(db);
}
