/** One photo of a recipe as stored. */
export interface StoredPhoto {
  id: string;
  recipeId: string;
  position: number;
  width: number;
  height: number;
  /** What its stored renditions take together. */
  bytes: number;
  isCover: boolean;
  createdById: string | null;
  createdAt: Date;
}

export interface RecipeImageRepository {
  /** The recipe's photos in their order. */
  list(recipeId: string): Promise<StoredPhoto[]>;
  /** The photo, only if it belongs to that recipe. */
  find(recipeId: string, imageId: string): Promise<StoredPhoto | null>;
  insert(photo: StoredPhoto): Promise<void>;
  delete(recipeId: string, imageId: string): Promise<boolean>;
  /** Makes `imageId` the recipe's one cover (null: none). */
  setCover(recipeId: string, imageId: string | null): Promise<void>;
  /** Positions 0, 1, 2, … in the order given. */
  setPositions(recipeId: string, orderedIds: readonly string[]): Promise<void>;
}
