import type { Recipe } from './api';
import { imageUrl } from './api';
import { t } from './i18n';
import { navigate } from './router';
import type { InputLike } from './recipe-form';
import { forgetUnsaved, importedDraftKey } from './unsaved';

/** A recipe not saved yet, for the editor: a draft as the page reader answered it (or a copy), with the member's choices so far. */
export interface ImportedDraft {
  recipe: InputLike;
  review: { group: number; ingredient: number; line: string }[];
  suggestedTags: string[];
  /** A photo to keep: the page's (a draft's), or the recipe's cover (a copy's). */
  photo: { href: string; from?: 'page' | 'recipe' } | null;
  duplicate: { id: string; slug: string; title: string } | null;
  truncated: boolean;
  keepPhoto: boolean;
}

/**
 * Opens a recipe that is not saved yet in the editor — an imported draft, or a copy of a recipe —
 * kept in this tab until it is saved; changes kept from an earlier one are dropped.
 */
export function openDraft(account: string, draft: ImportedDraft): void {
  forgetUnsaved(account, 'edit.import');
  sessionStorage.setItem(importedDraftKey(account), JSON.stringify(draft));
  navigate('/new?from=import');
}

/** The unsaved recipe this tab's editor was opened with (see `openDraft`), if any. */
export function openedDraft(account: string): ImportedDraft | null {
  try {
    return JSON.parse(sessionStorage.getItem(importedDraftKey(account)) ?? 'null') as ImportedDraft | null;
  } catch {
    return null;
  }
}

/** The unsaved recipe was saved: the editor opens empty next time. */
export function closeDraft(account: string): void {
  sessionStorage.removeItem(importedDraftKey(account));
}

/**
 * A member's own copy of a recipe, to change as they like (also one whose author locked it): its
 * content under the title "… (copy)", the household's default edit policy, and its cover photo
 * offered to keep. Comments, marks and shares stay with the original.
 */
export function copyOf(recipe: Recipe): ImportedDraft {
  const cover = (recipe.images ?? []).find((image) => image.id === recipe.coverImageId);
  return {
    recipe: {
      title: t('copyTitle', { title: recipe.title }),
      description: recipe.description,
      servings: recipe.servings,
      prepMinutes: recipe.prepMinutes,
      cookMinutes: recipe.cookMinutes,
      sourceName: recipe.sourceName,
      sourceUrl: recipe.sourceUrl,
      tags: recipe.tags,
      ingredientGroups: recipe.ingredientGroups,
      steps: recipe.steps,
    },
    review: [],
    suggestedTags: [],
    photo: cover ? { href: imageUrl(recipe.id, cover.id, 'original'), from: 'recipe' } : null,
    duplicate: null,
    truncated: false,
    keepPhoto: cover !== undefined,
  };
}
