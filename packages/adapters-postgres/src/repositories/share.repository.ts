import type { ShareListing, ShareRepository, SharedRecipeRef, StoredShare } from '@larder/domain';
import { type Executor, isForeignKeyViolation } from './executor.js';

interface ListingRow {
  id: string;
  recipe_id: string;
  created_by: string | null;
  token: string | null;
  token_digest: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  recipe_slug: string;
  recipe_title: string;
  creator_id: string | null;
  creator_display_name: string | null;
  creator_color: string | null;
  creator_can_share: boolean | null;
}

function listingOf(row: ListingRow): ShareListing {
  const share: StoredShare = {
    id: row.id,
    recipeId: row.recipe_id,
    createdById: row.created_by,
    token: row.token,
    tokenDigest: row.token_digest,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
  return {
    share,
    recipe: { id: row.recipe_id, slug: row.recipe_slug, title: row.recipe_title },
    creator:
      row.creator_id === null
        ? null
        : {
            id: row.creator_id,
            displayName: row.creator_display_name ?? '',
            color: row.creator_color ?? '',
            canSharePublicly: row.creator_can_share ?? false,
          },
  };
}

export class PostgresShareRepository implements ShareRepository {
  constructor(private readonly db: Executor) {}

  async recipeRef(recipeId: string): Promise<SharedRecipeRef | null> {
    const row = await this.db
      .selectFrom('recipes')
      .select(['id', 'slug', 'title'])
      .where('id', '=', recipeId)
      .executeTakeFirst();
    return row ?? null;
  }

  async insert(share: StoredShare): Promise<'inserted' | 'exists' | 'gone'> {
    try {
      const inserted = await this.db
        .insertInto('shares')
        .values({
          id: share.id,
          recipe_id: share.recipeId,
          created_by: share.createdById,
          token: share.token,
          token_digest: share.tokenDigest,
          created_at: share.createdAt,
          expires_at: share.expiresAt,
          revoked_at: share.revokedAt,
        })
        // A racing insert of the same member's link to the same recipe loses quietly.
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted === undefined ? 'exists' : 'inserted';
    } catch (error) {
      // The recipe, or the creator's account, was deleted since it was read.
      if (isForeignKeyViolation(error)) return 'gone';
      throw error;
    }
  }

  private listing() {
    return this.db
      .selectFrom('shares as s')
      .innerJoin('recipes as r', 'r.id', 's.recipe_id')
      .leftJoin('accounts as a', 'a.id', 's.created_by')
      .select([
        's.id',
        's.recipe_id',
        's.created_by',
        's.token',
        's.token_digest',
        's.created_at',
        's.expires_at',
        's.revoked_at',
        'r.slug as recipe_slug',
        'r.title as recipe_title',
        'a.id as creator_id',
        'a.display_name as creator_display_name',
        'a.color as creator_color',
        'a.can_share_publicly as creator_can_share',
      ]);
  }

  async byId(id: string): Promise<ShareListing | null> {
    const row = await this.listing().where('s.id', '=', id).executeTakeFirst();
    return row ? listingOf(row) : null;
  }

  async byTokenDigest(tokenDigest: string): Promise<ShareListing | null> {
    const row = await this.listing().where('s.token_digest', '=', tokenDigest).executeTakeFirst();
    return row ? listingOf(row) : null;
  }

  async unrevokedOf(recipeId: string, creatorId: string): Promise<ShareListing | null> {
    const row = await this.listing()
      .where('s.recipe_id', '=', recipeId)
      .where('s.created_by', '=', creatorId)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst();
    return row ? listingOf(row) : null;
  }

  async listUnexpired(now: Date, creatorId?: string): Promise<ShareListing[]> {
    let query = this.listing()
      .where('s.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('s.expires_at', 'is', null), eb('s.expires_at', '>', now)]));
    if (creatorId !== undefined) query = query.where('s.created_by', '=', creatorId);
    const rows = await query.orderBy('s.created_at', 'desc').orderBy('s.id').execute();
    return rows.map(listingOf);
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('shares')
      .set({ revoked_at: at, token: null })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revokeAll(at: Date): Promise<number> {
    const result = await this.db
      .updateTable('shares')
      .set({ revoked_at: at, token: null })
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
