import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code. The normalisation below is
// a copy of `sourceKey` as it was when this migration was written (domain/src/recipes/source-key.ts).

const TRACKING = /^(?:utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src|igshid)$/i;

function sourceKeyThen(url: string | null): string | null {
  if (!url) return null;
  const match = /^(https?):\/\/(?:[^\s/?#@]*@)?([^\s/?#:]+)(?::(\d{1,5}))?([^\s?#]*)(\?[^\s#]*)?/i.exec(
    url.trim(),
  );
  if (!match) return null;
  const [, , rawHost = '', port, rawPath = '', rawQuery = ''] = match;
  const host = rawHost
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const path = rawPath.replace(/\/+$/, '');
  const query = rawQuery
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !TRACKING.test(pair.split('=')[0] ?? ''))
    .sort()
    .join('&');
  const keepPort = port && port !== '80' && port !== '443' ? `:${port}` : '';
  return `${host}${keepPort}${path}${query ? `?${query}` : ''}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The page a recipe came from, normalised, so a draft of the same page is told it is there.
  await sql`alter table recipes add column source_key text`.execute(db);
  const { rows } = await sql<{ id: string; source_url: string }>`
    select id, source_url from recipes where source_url is not null`.execute(db);
  for (const row of rows) {
    await sql`update recipes set source_key = ${sourceKeyThen(row.source_url)} where id = ${row.id}`.execute(
      db,
    );
  }
  await sql`create index recipes_by_source_key on recipes (source_key) where source_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recipes_by_source_key`.execute(db);
  await sql`alter table recipes drop column source_key`.execute(db);
}
