import { type Kysely, sql } from 'kysely';

/**
 * A sign-in through the provider is finished only in the browser that started it: the flow keeps
 * the digest of a value that browser holds in a cookie. Flows started before this migration have
 * none (the empty text matches no digest) and fail; they live ten minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sign_in_flows add column browser_digest text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sign_in_flows drop column browser_digest`.execute(db);
}
