import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../action';
import { ApiError, api } from '../api';
import { t } from '../i18n';
import { oidcOutcomeText } from '../oidc-outcome';
import { problemText } from '../problem-text';
import { navigate } from '../router';

interface Invited {
  username: string;
  displayName: string;
  purpose: 'setup' | 'reset';
}

/** Where signing on through the provider returns to: this link, marked as come back from there. */
const FROM_PROVIDER = 'from=provider';

/**
 * A setup or reset link from a mail or an admin: choose a password, and be signed in — or, for a
 * setup link, sign on through the provider, which returns here (`?from=provider`): with
 * `&oidc=…` when it did not work (the link still open, to try again or choose a password),
 * without once it did (the link spent, the member signed in: on to the recipes).
 */
export function SetupLink({
  token,
  signedIn,
  fromProvider,
  oidcOutcome,
  onSignedIn,
}: {
  token: string;
  /** Whether this browser has a session (as the app knows it so far). */
  signedIn: boolean;
  /** Back from signing on through the provider (`?from=provider`). */
  fromProvider: boolean;
  oidcOutcome: string | null;
  onSignedIn: () => Promise<void>;
}) {
  const [invited, setInvited] = useState<Invited | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [oidc, setOidc] = useState<{ enabled: boolean; name: string } | null>(null);

  useEffect(() => {
    api<Invited>('POST', '/api/v1/auth/setup/inspect', { token }).then(setInvited, () => setInvalid(true));
    void api<{ enabled: boolean; name: string }>('GET', '/api/v1/auth/oidc').then(setOidc, () => undefined);
  }, [token]);

  // Back from the provider, set up and signed in: the link is spent, the recipes are where to be.
  useEffect(() => {
    if (invalid && signedIn && fromProvider && oidcOutcome === null) navigate('/', true);
  }, [invalid, signedIn, fromProvider, oidcOutcome]);

  const submit = useAction(async () => {
    if (password !== repeat) return setError(t('passwordsDiffer'));
    setError(null);
    try {
      await api('POST', '/api/v1/auth/setup/password', { token, password });
      navigate('/', true);
      await onSignedIn();
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setInvalid(true);
      else setError(problemText(e));
    }
  });

  // A link of nothing says so in the screen's heading, with the way on: signing in.
  if (invalid)
    return (
      <section class="card narrow" aria-labelledby="setup-title">
        <h1 id="setup-title">{t('linkDead')}</h1>
        <p>{t('linkDeadAsk')}</p>
        <p>
          <a href="/sign-in">{t('signIn')}</a>
        </p>
      </section>
    );
  if (!invited)
    return (
      <p class="loading" role="status">
        {t('loading')}
      </p>
    );

  const name = invited.displayName || invited.username;
  const outcome = oidcOutcomeText(oidcOutcome);
  return (
    <section class="card narrow" aria-labelledby="setup-title">
      <h1 id="setup-title">
        {invited.purpose === 'reset' ? t('resetTitle', { name }) : t('setupTitle', { name })}
      </h1>
      {outcome && (
        <p class="error" role="alert">
          {t(outcome)}
        </p>
      )}
      <p>{t('setupExplain', { username: invited.username })}</p>
      <form onSubmit={submit.submit} class="stack">
        <input type="text" name="username" autoComplete="username" value={invited.username} hidden readOnly />
        <label>
          <span>{t('newPassword')}</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            aria-describedby="password-hint"
          />
          <small id="password-hint">{t('passwordTooShort')}</small>
        </label>
        <label>
          <span>{t('repeatPassword')}</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onInput={(e) => setRepeat(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary wide" {...submit.button}>
          {t('savePassword')}
        </button>
      </form>
      {oidc?.enabled && invited.purpose === 'setup' && (
        <form method="post" action="/api/v1/auth/oidc/start">
          <p class="or">{t('or')}</p>
          <input type="hidden" name="intent" value="setup" />
          <input type="hidden" name="setup" value={token} />
          <input type="hidden" name="next" value={`/setup/${token}?${FROM_PROVIDER}`} />
          <button type="submit" class="secondary wide">
            {t('signInWith', { name: oidc.name })}
          </button>
        </form>
      )}
    </section>
  );
}
