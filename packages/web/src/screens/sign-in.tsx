import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../action';
import { ApiError, api } from '../api';
import { t, waitOf } from '../i18n';
import { oidcOutcomeText } from '../oidc-outcome';

interface Offers {
  oidc: { enabled: boolean; name: string } | null;
  reset: boolean;
}

export function SignIn({
  notice,
  oidcOutcome,
  onSignedIn,
}: {
  notice?: string | undefined;
  oidcOutcome: string | null;
  onSignedIn: () => Promise<void>;
}) {
  const [offers, setOffers] = useState<Offers>({ oidc: null, reset: false });
  const [forgot, setForgot] = useState(false);
  useEffect(() => {
    void Promise.all([
      api<{ enabled: boolean; name: string }>('GET', '/api/v1/auth/oidc').catch(() => null),
      api<{ available: boolean }>('GET', '/api/v1/auth/password').catch(() => ({ available: false })),
    ]).then(([oidc, reset]) => setOffers({ oidc, reset: reset.available }));
  }, []);
  const outcome = oidcOutcomeText(oidcOutcome);
  return (
    <section class="card narrow" aria-labelledby="sign-in-title">
      {forgot ? (
        <Forgot onBack={() => setForgot(false)} />
      ) : (
        <>
          <h1 id="sign-in-title">{t('signInTitle')}</h1>
          {notice && (
            <p class="notice" role="status">
              {notice}
            </p>
          )}
          {outcome && (
            <p class="error" role="alert">
              {t(outcome)}
            </p>
          )}
          <PasswordForm onSignedIn={onSignedIn} />
          {offers.oidc?.enabled && (
            <>
              <p class="or">{t('or')}</p>
              <form method="post" action="/api/v1/auth/oidc/start">
                <input type="hidden" name="intent" value="login" />
                <input
                  type="hidden"
                  name="next"
                  value={location.pathname === '/sign-in' ? '/' : location.pathname + location.search}
                />
                <button type="submit" class="secondary wide">
                  {t('signInWith', { name: offers.oidc.name })}
                </button>
              </form>
            </>
          )}
          {offers.reset && (
            <p>
              <button type="button" class="link" onClick={() => setForgot(true)}>
                {t('forgotPassword')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function PasswordForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useAction(async () => {
    setError(null);
    try {
      await api('POST', '/api/v1/auth/login', { username: username.trim(), password });
      await onSignedIn();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) setError(t('wrongPassword'));
      else if (e instanceof ApiError && (e.status === 429 || e.status === 503))
        setError(t('tooManyTries', { wait: waitOf(e.retryAfter ?? 60) }));
      else if (e instanceof ApiError && e.status === 0) setError(t('offline'));
      else setError(e instanceof ApiError && e.detail ? e.detail : t('somethingWrong'));
    }
  });
  return (
    <form onSubmit={submit.submit} class="stack">
      {error && (
        <p class="error" role="alert" id="sign-in-error">
          {error}
        </p>
      )}
      <label>
        <span>{t('username')}</span>
        <input
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellcheck={false}
          required
          value={username}
          onInput={(e) => setUsername(e.currentTarget.value)}
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
      </label>
      <label>
        <span>{t('password')}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="primary wide" {...submit.button}>
        {t('signIn')}
      </button>
    </form>
  );
}

function Forgot({ onBack }: { onBack: () => void }) {
  const [login, setLogin] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useAction(async () => {
    setError(null);
    try {
      await api('POST', '/api/v1/auth/password/forgot', { login: login.trim() });
      setSent(true);
    } catch (e) {
      setError(e instanceof ApiError && e.detail ? e.detail : t('somethingWrong'));
    }
  });
  return (
    <>
      <h1>{t('forgotPassword')}</h1>
      {sent ? (
        <p class="notice" role="status">
          {t('resetSent')}
        </p>
      ) : (
        <form onSubmit={submit.submit} class="stack">
          <p>{t('forgotExplain')}</p>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <label>
            <span>{t('usernameOrEmail')}</span>
            <input
              required
              autoComplete="username"
              value={login}
              onInput={(e) => setLogin(e.currentTarget.value)}
            />
          </label>
          <button type="submit" class="primary wide" {...submit.button}>
            {t('sendResetLink')}
          </button>
        </form>
      )}
      <p>
        <button type="button" class="link" onClick={onBack}>
          {t('back')}
        </button>
      </p>
    </>
  );
}
