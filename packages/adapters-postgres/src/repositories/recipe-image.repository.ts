import type { RecipeImageRepository, StoredPhoto } from '@larder/domain';
import { sql } from 'kysely';
import type { Executor } from './executor.js';

interface PhotoRow {
  id: string;
  recipe_id: string;
  position: number;
  width: number;
  height: number;
  bytes: number | string;
  is_cover: boolean;
  created_by: string | null;
  created_at: Date;
}

function photoFromRow(row: PhotoRow): StoredPhoto {
  return {
    id: row.id,
    recipeId: row.recipe_id,
    position: row.position,
    width: row.width,
    height: row.height,
    bytes: Number(row.bytes),
    isCover: row.is_cover,
    createdById: row.created_by,
    createdAt: row.created_at,
  };
}

export class PostgresRecipeImageRepository implements RecipeImageRepository {
  constructor(private readonly db: Executor) {}

  async list(recipeId: string): Promise<StoredPhoto[]> {
    const rows = await this.db
      .selectFrom('recipe_images')
      .selectAll()
      .where('recipe_id', '=', recipeId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => photoFromRow(r as PhotoRow));
  }

  async find(recipeId: string, imageId: string): Promise<StoredPhoto | null> {
    const row = await this.db
      .selectFrom('recipe_images')
      .selectAll()
      .where('recipe_id', '=', recipeId)
      .where('id', '=', imageId)
      .executeTakeFirst();
    return row ? photoFromRow(row as PhotoRow) : null;
  }

  async insert(photo: StoredPhoto): Promise<void> {
    await this.db
      .insertInto('recipe_images')
      .values({
        id: photo.id,
        recipe_id: photo.recipeId,
        position: photo.position,
        width: photo.width,
        height: photo.height,
        bytes: photo.bytes,
        is_cover: photo.isCover,
        created_by: photo.createdById,
        created_at: photo.createdAt,
      })
      .execute();
  }

  async delete(recipeId: string, imageId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('recipe_images')
      .where('recipe_id', '=', recipeId)
      .where('id', '=', imageId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setCover(recipeId: string, imageId: string | null): Promise<void> {
    // Clear first, then set: the one-cover index holds after each statement.
    await sql`update recipe_images set is_cover = false where recipe_id = ${recipeId} and is_cover`.execute(
      this.db,
    );
    if (imageId !== null) {
      await sql`update recipe_images set is_cover = true where recipe_id = ${recipeId} and id = ${imageId}`.execute(
        this.db,
      );
    }
  }

  async setPositions(recipeId: string, orderedIds: readonly string[]): Promise<void> {
    if (orderedIds.length === 0) return;
    await sql`
      update recipe_images i set position = o.ord - 1
      from unnest(${[...orderedIds]}::text[]) with ordinality as o(id, ord)
      where i.recipe_id = ${recipeId} and i.id = o.id`.execute(this.db);
  }
}
