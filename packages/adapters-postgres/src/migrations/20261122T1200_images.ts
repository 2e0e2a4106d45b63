import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A recipe's photos in their order. `bytes` is what the stored renditions take
  // together; at most one photo of a recipe is its cover.
  await sql`
    create table recipe_images (
      id text primary key,
      recipe_id text not null references recipes (id) on delete cascade,
      position integer not null check (position >= 0),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      bytes bigint not null check (bytes >= 0),
      is_cover boolean not null default false,
      created_by text references accounts (id) on delete set null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index recipe_images_by_recipe on recipe_images (recipe_id, position, id)`.execute(db);
  await sql`create unique index recipe_images_one_cover on recipe_images (recipe_id) where is_cover`.execute(
    db,
  );

  // Stored files still to remove: a key, or a folder when it ends in '/'. Rows are
  // added in the same transaction that forgets a photo or an avatar (the triggers
  // below catch every way a row goes, cascades included), and before an upload
  // writes its files (due later, removed when the upload commits), so a crash or a
  // storage outage never leaves files nobody knows about. A sweep works them off.
  await sql`
    create table pending_image_deletions (
      id bigint generated always as identity primary key,
      key text not null,
      not_before timestamptz not null,
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index pending_image_deletions_due on pending_image_deletions (not_before, id)`.execute(db);

  await sql`
    create function larder_recipe_image_gone() returns trigger language plpgsql as $$
    begin
      insert into pending_image_deletions (key, not_before)
      values ('recipes/' || old.recipe_id || '/' || old.id || '/', now());
      return old;
    end
    $$`.execute(db);
  await sql`
    create trigger recipe_images_files_go after delete on recipe_images
    for each row execute function larder_recipe_image_gone()`.execute(db);

  await sql`
    create function larder_avatar_gone() returns trigger language plpgsql as $$
    begin
      if old.avatar_id is not null and (tg_op = 'DELETE' or old.avatar_id is distinct from new.avatar_id) then
        insert into pending_image_deletions (key, not_before)
        values ('avatars/' || old.id || '/' || old.avatar_id || '.jpg', now());
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger accounts_avatar_files_go after update of avatar_id or delete on accounts
    for each row execute function larder_avatar_gone()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger accounts_avatar_files_go on accounts`.execute(db);
  await sql`drop function larder_avatar_gone()`.execute(db);
  await sql`drop trigger recipe_images_files_go on recipe_images`.execute(db);
  await sql`drop function larder_recipe_image_gone()`.execute(db);
  await sql`drop table pending_image_deletions`.execute(db);
  await sql`drop table recipe_images`.execute(db);
}
