import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../action';
import { api } from '../api';
import type { Recipe, Share } from '../api';
import { CopyField } from '../components/copy-field';
import { Choice } from '../components/choice';
import { date, t } from '../i18n';
import { dayChoices, withinMost } from '../lifetimes';
import { isGone, problemText } from '../problem-text';
import { useSession } from '../session';

/** The public link (for those the household lets share) and the chat link (for everyone). */
export function SharePanel({ recipe }: { recipe: Recipe }) {
  const { me, settings } = useSession();
  const mayShare = settings.publicShares && me.canSharePublicly;
  const [share, setShare] = useState<Share | null>(null);
  const most = settings.publicShareMaxDays;
  // The household's default, within its maximum; no end only while there is no maximum.
  const [days, setDays] = useState(withinMost(settings.publicShareDefaultDays, most));
  const [chat, setChat] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chatError, setChatError] = useState<string | null>(null);

  useEffect(() => {
    if (!mayShare) return;
    void api<{ share: Share | null }>('GET', `/api/v1/shares/by-recipe/${recipe.id}`).then(
      (r) => setShare(r.share),
      () => undefined,
    );
  }, [recipe.id, mayShare]);

  const create = useAction(async () => {
    setError(null);
    try {
      setShare(await api<Share>('POST', `/api/v1/recipes/${recipe.id}/public-share`, { days }));
    } catch (e) {
      setError(problemText(e));
    }
  });
  const revoke = useAction(async () => {
    // Whoever has the link loses the recipe at once, and a new link is another address: asked first.
    if (!share || !confirm(t('revokeLinkConfirm'))) return;
    setError(null);
    try {
      await api('DELETE', `/api/v1/shares/${share.id}`);
    } catch (e) {
      // Revoked meanwhile (by an admin): gone, as asked.
      if (!isGone(e)) return setError(problemText(e));
    }
    setShare(null);
  });
  const makeChatLink = useAction(async () => {
    setChatError(null);
    try {
      const link = await api<{ path: string }>('POST', `/api/v1/recipes/${recipe.id}/share-link`);
      setChat(new URL(link.path, location.origin).href);
    } catch (e) {
      setChatError(problemText(e));
    }
  });
  const absolute = (path: string) => new URL(path, location.origin).href;

  return (
    <section class="share" aria-labelledby="share-title">
      <h2 id="share-title">{t('share')}</h2>
      {mayShare && (
        <div class="stack">
          <h3>{t('publicLink')}</h3>
          <p class="muted">{t('publicLinkExplain')}</p>
          {share ? (
            <>
              <CopyField label={t('publicLink')} value={absolute(share.path)} shareTitle={recipe.title} />
              <p class="muted">
                {share.expiresAt ? t('expires', { date: date(share.expiresAt) }) : t('neverExpires')}
              </p>
              <button type="button" class="danger" {...revoke.button} onClick={() => void revoke.run()}>
                {t('revoke')}
              </button>
            </>
          ) : (
            <form class="row" onSubmit={create.submit}>
              <Choice
                label={t('validDays')}
                value={days}
                options={[
                  ...dayChoices(most),
                  ...(most === null ? [[null, t('neverExpires')] as const] : []),
                ]}
                onChange={setDays}
              />
              <button type="submit" {...create.button}>
                {t('createPublicLink')}
              </button>
            </form>
          )}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
      <div class="stack">
        <h3>{t('chatLink')}</h3>
        <p class="muted">{t('chatLinkExplain')}</p>
        {chat ? (
          <CopyField label={t('chatLink')} value={chat} shareTitle={recipe.title} />
        ) : (
          <button type="button" {...makeChatLink.button} onClick={() => void makeChatLink.run()}>
            {t('makeChatLink')}
          </button>
        )}
        {chatError && (
          <p class="error" role="alert">
            {chatError}
          </p>
        )}
      </div>
    </section>
  );
}
