import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../action';
import { api } from '../api';
import { t } from '../i18n';
import { isAddress } from '../import-source';
import { problemText } from '../problem-text';
import type { RecipeInput } from '../recipe-form';
import { navigate } from '../router';
import { useSession } from '../session';
import { forgetUnsaved, importedDraftKey, useUnsavedText } from '../unsaved';

/** A draft as the page reader answered it, with the member's choices so far (kept for the editor). */
export interface ImportedDraft {
  recipe: Partial<RecipeInput>;
  review: { group: number; ingredient: number; line: string }[];
  suggestedTags: string[];
  photo: { href: string } | null;
  duplicate: { id: string; slug: string; title: string } | null;
  truncated: boolean;
  keepPhoto: boolean;
}

/** Where the pasted address or text is kept until it is read (a reload or a session that ended loses nothing). */
const PLACE = 'import';

/** Paste an address or a recipe's text; the draft opens in the editor to check and save. */
export function Import() {
  const { me } = useSession();
  const [source, setSource, forget] = useUnsavedText(me.id, PLACE);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${t('importTitle')} · ${t('appName')}`;
  }, []);
  const read = useAction(async () => {
    const value = source.trim();
    if (!value) return;
    setError(null);
    try {
      const draft = await api<Omit<ImportedDraft, 'keepPhoto'>>(
        'POST',
        '/api/v1/recipe-drafts',
        isAddress(value) ? { url: value } : { text: value },
      );
      // A new import starts from its page: changes kept from an earlier one are dropped.
      forgetUnsaved(me.id, 'edit.import');
      forget();
      sessionStorage.setItem(
        importedDraftKey(me.id),
        JSON.stringify({ ...draft, keepPhoto: draft.photo !== null } satisfies ImportedDraft),
      );
      navigate('/new?from=import');
    } catch (e) {
      setError(problemText(e));
    }
  });
  return (
    <section class="narrow-wide">
      <h1>{t('importTitle')}</h1>
      <form class="stack" onSubmit={read.submit}>
        <label>
          <span>{t('importSource')}</span>
          <textarea
            rows={6}
            value={source}
            placeholder="https://…"
            onInput={(e) => setSource(e.currentTarget.value)}
            aria-describedby={error ? 'import-error' : 'import-hint'}
            aria-invalid={error ? 'true' : undefined}
          />
        </label>
        <p id="import-hint" class="muted">
          {t('importHint')}
        </p>
        {error && (
          <p class="error" role="alert" id="import-error">
            {error}
          </p>
        )}
        <button type="submit" class="primary" {...read.button}>
          {read.busy ? t('reading') : t('readRecipe')}
        </button>
      </form>
    </section>
  );
}
