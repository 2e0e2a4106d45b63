import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../action';
import { api } from '../api';
import { t } from '../i18n';
import { isAddress } from '../import-source';
import { problemText } from '../problem-text';
import { type ImportedDraft, openDraft } from '../open-draft';
import { useSession } from '../session';
import { useUnsavedText } from '../unsaved';

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
      forget();
      openDraft(me.id, { ...draft, keepPhoto: draft.photo !== null });
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
