import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useAction } from '../action';
import { api } from '../api';
import type { Me } from '../api';
import { type Outcome, OutcomeLine } from '../components/outcome';
import { PersonBadge } from '../components/person-badge';
import { useFieldErrors } from '../field-errors';
import { date, t } from '../i18n';
import type { TextKey } from '../i18n';
import { oidcOutcomeText } from '../oidc-outcome';
import { problemText } from '../problem-text';
import { useSession } from '../session';
import { readUnsaved, useUnsaved } from '../unsaved';

const COLORS = ['amber', 'clay', 'rose', 'plum', 'sage', 'olive', 'teal', 'slate'] as const;
/** Each colour's name in the member's language. */
const COLOR_NAMES = {
  amber: 'colorAmber',
  clay: 'colorClay',
  rose: 'colorRose',
  plum: 'colorPlum',
  sage: 'colorSage',
  olive: 'colorOlive',
  teal: 'colorTeal',
  slate: 'colorSlate',
} as const satisfies Record<(typeof COLORS)[number], TextKey>;
const LANGUAGES = [
  ['en', 'English'],
  ['de', 'Deutsch'],
] as const;

export function Profile({ oidcOutcome }: { oidcOutcome: string | null }) {
  useEffect(() => {
    document.title = `${t('profile')} · ${t('appName')}`;
  }, []);
  return (
    <div class="profile">
      <div class="row spread">
        <h1>{t('profile')}</h1>
        <SignOut />
      </div>
      {oidcOutcome && (
        <p class="error" role="status">
          {t(oidcOutcomeText(oidcOutcome) ?? 'oidcFailed')}
        </p>
      )}
      <ProfileForm />
      <Avatar />
      <Password />
      <Identity />
    </div>
  );
}

interface ProfileChanges {
  displayName: string;
  color: string;
  locale: string;
}

const isProfileChanges = (value: unknown): value is ProfileChanges =>
  typeof value === 'object' &&
  value !== null &&
  ['displayName', 'color', 'locale'].every(
    (name) => typeof (value as Record<string, unknown>)[name] === 'string',
  );

function ProfileForm() {
  const { me, setMe } = useSession();
  // Changes not saved yet are kept, as the editor keeps a recipe's (a session that ended, a reload).
  const [restored, setRestored] = useState(() => readUnsaved(me.id, 'profile', isProfileChanges));
  const [displayName, setDisplayName] = useState(restored?.displayName ?? me.displayName);
  const [color, setColor] = useState(restored?.color ?? me.color);
  const [locale, setLocale] = useState(restored?.locale ?? me.locale);
  const changes = useMemo(() => ({ displayName, color, locale }), [displayName, color, locale]);
  const forget = useUnsaved(
    me.id,
    'profile',
    changes,
    displayName !== me.displayName || color !== me.color || locale !== me.locale,
  );
  const [taken, setTaken] = useState<Record<string, number>>({});
  const [message, setMessage] = useState<Outcome | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const refused = useFieldErrors(form);
  useEffect(() => {
    void api<{ items: { color: string; count: number }[] | null }>('GET', '/api/v1/auth/me/colors').then(
      (r) => setTaken(Object.fromEntries((r.items ?? []).map((i) => [i.color, i.count]))),
      () => undefined,
    );
  }, []);
  const save = useAction(async () => {
    setMessage(null);
    refused.clear();
    try {
      const updated = await api<Me>('PATCH', '/api/v1/auth/me/profile', {
        displayName: displayName.trim(),
        color,
        locale,
      });
      forget();
      setRestored(null);
      setMe(updated);
      setMessage({ ok: true, text: t('saved') });
    } catch (e) {
      // Told at the field it names, which takes the focus; what names none, above the button.
      refused.show(e);
    }
  });
  return (
    <form ref={form} class="card stack" onSubmit={save.submit} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title">{me.username}</h2>
      {restored && (
        <p class="notice" role="status">
          {t('restoredDraft')}
        </p>
      )}
      <label>
        <span>{t('displayName')}</span>
        <input
          {...refused.field('displayName')}
          required
          maxLength={64}
          value={displayName}
          onInput={(e) => setDisplayName(e.currentTarget.value)}
          autoComplete="name"
        />
      </label>
      {refused.problem('displayName')}
      <fieldset class="colors" {...refused.field('color')} tabIndex={-1}>
        <legend>{t('color')}</legend>
        {COLORS.map((c) => {
          const others = (taken[c] ?? 0) - (c === me.color ? 1 : 0);
          return (
            <label key={c} class={`swatch badge-${c}`}>
              <input type="radio" name="color" value={c} checked={color === c} onChange={() => setColor(c)} />
              <span>
                {others > 0 ? t('colorTaken', { color: t(COLOR_NAMES[c]), n: others }) : t(COLOR_NAMES[c])}
              </span>
            </label>
          );
        })}
        {refused.problem('color')}
      </fieldset>
      <label>
        <span>{t('language')}</span>
        <select
          {...refused.field('locale')}
          value={locale}
          onChange={(e) => setLocale(e.currentTarget.value)}
        >
          {LANGUAGES.map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {refused.problem('locale')}
      {me.email && (
        <p class="muted">
          {t('email')}: {me.email}
          {!me.emailVerified && ` (${t('unconfirmed')})`}
        </p>
      )}
      <OutcomeLine outcome={refused.other ? { ok: false, text: refused.other } : message} />
      <button type="submit" class="primary" {...save.button}>
        {t('saveProfile')}
      </button>
    </form>
  );
}

/** A picture, cut to a square the member places: x, y and size as fractions, as the API takes them. */
function Avatar() {
  const { me, setMe } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ url: string; width: number; height: number } | null>(null);
  const [size, setSize] = useState(1);
  const [x, setX] = useState(0.5);
  const [y, setY] = useState(0.5);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => setPreview({ url, width: image.naturalWidth, height: image.naturalHeight });
    // No picture the browser can show: what is wrong, not "try again" (which cannot help).
    image.onerror = () => setError(t('notAPicture'));
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // The square's side in fractions of width and height; x and y place its centre within what is left.
  const shorter = preview ? Math.min(preview.width, preview.height) : 1;
  const sideW = preview ? (size * shorter) / preview.width : 1;
  const sideH = preview ? (size * shorter) / preview.height : 1;
  const left = (1 - sideW) * x;
  const top = (1 - sideH) * y;

  const save = useAction(async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    try {
      const crop = [left, top, size].map((n) => n.toFixed(4)).join(',');
      await api('PUT', `/api/v1/auth/me/avatar?crop=${crop}`, form);
      setMe(await api<Me>('GET', '/api/v1/auth/me'));
      setFile(null);
      setPreview(null);
      setError(null);
    } catch (e) {
      setError(problemText(e));
    }
  });
  const remove = useAction(async () => {
    setError(null);
    try {
      await api('DELETE', '/api/v1/auth/me/avatar');
      setMe(await api<Me>('GET', '/api/v1/auth/me'));
    } catch (e) {
      setError(problemText(e));
    }
  });

  return (
    <section class="card stack" aria-labelledby="avatar-title">
      <h2 id="avatar-title">{t('avatar')}</h2>
      <PersonBadge person={me} size={96} />
      <label>
        <span>{t('chooseAvatar')}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </label>
      {preview && (
        <>
          <div class="crop" style={{ aspectRatio: `${preview.width} / ${preview.height}` }}>
            <img src={preview.url} alt="" />
            <div
              class="crop-square"
              style={{
                left: `${left * 100}%`,
                top: `${top * 100}%`,
                width: `${sideW * 100}%`,
                height: `${sideH * 100}%`,
              }}
            />
          </div>
          <label>
            <span>{t('cropSize')}</span>
            <input
              type="range"
              min={0.2}
              max={1}
              step={0.01}
              value={size}
              onInput={(e) => setSize(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            <span>{t('cropX')}</span>
            <input
              type="range"
              min={0}
              max={1}
              step={0.01}
              value={x}
              onInput={(e) => setX(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            <span>{t('cropY')}</span>
            <input
              type="range"
              min={0}
              max={1}
              step={0.01}
              value={y}
              onInput={(e) => setY(Number(e.currentTarget.value))}
            />
          </label>
          <button type="button" class="primary" {...save.button} onClick={() => void save.run()}>
            {t('saveAvatar')}
          </button>
        </>
      )}
      {me.avatarId && !preview && (
        <button type="button" class="danger" {...remove.button} onClick={() => void remove.run()}>
          {t('removeAvatar')}
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function Password() {
  const { me, setMe } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<Outcome | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const refused = useFieldErrors(form);
  const save = useAction(async () => {
    setMessage(null);
    refused.clear();
    try {
      await api(
        'PATCH',
        '/api/v1/auth/me',
        me.hasPassword ? { currentPassword: current, password: next } : { password: next },
      );
      setCurrent('');
      setNext('');
      setMessage({ ok: true, text: t('saved') });
      if (!me.hasPassword) setMe({ ...me, hasPassword: true });
    } catch (e) {
      // A field refused is told at it; a wrong current password (no field named) above the button.
      refused.show(e);
    }
  });
  return (
    <form ref={form} class="card stack" onSubmit={save.submit} aria-labelledby="password-title">
      <h2 id="password-title">{me.hasPassword ? t('changePassword') : t('setPassword')}</h2>
      <input type="text" name="username" autoComplete="username" value={me.username} hidden readOnly />
      {me.hasPassword && (
        <>
          <label>
            <span>{t('currentPassword')}</span>
            <input
              {...refused.field('currentPassword')}
              type="password"
              required
              autoComplete="current-password"
              value={current}
              onInput={(e) => setCurrent(e.currentTarget.value)}
            />
          </label>
          {refused.problem('currentPassword')}
        </>
      )}
      <label>
        <span>{t('newPassword')}</span>
        <input
          {...refused.field('password')}
          type="password"
          required
          minLength={8}
          maxLength={128}
          autoComplete="new-password"
          value={next}
          onInput={(e) => setNext(e.currentTarget.value)}
        />
      </label>
      {refused.problem('password')}
      <OutcomeLine outcome={refused.other ? { ok: false, text: refused.other } : message} />
      <button type="submit" class="primary" {...save.button}>
        {me.hasPassword ? t('changePassword') : t('setPassword')}
      </button>
    </form>
  );
}

function Identity() {
  const { me } = useSession();
  const [provider, setProvider] = useState<{ enabled: boolean; name: string } | null>(null);
  const [linkedAt, setLinkedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // The linked identity only matters (and is only asked for) while single sign-on is on.
    void api<{ enabled: boolean; name: string }>('GET', '/api/v1/auth/oidc').then(
      (found) => {
        setProvider(found);
        if (!found.enabled) return;
        void api<{ linkedAt: string }>('GET', '/api/v1/auth/me/identity').then(
          (r) => setLinkedAt(r.linkedAt),
          () => setLinkedAt(null),
        );
      },
      () => undefined,
    );
  }, []);
  const disconnect = useAction(async () => {
    try {
      await api('DELETE', '/api/v1/auth/me/identity');
      setLinkedAt(null);
    } catch (e) {
      setError(problemText(e));
    }
  });
  if (!provider?.enabled) return null;
  const name = provider?.name ?? '';
  return (
    <section class="card stack" aria-labelledby="identity-title">
      <h2 id="identity-title">{t('identity')}</h2>
      <p>{linkedAt ? t('identityConnected', { name, date: date(linkedAt) }) : t('identityNone')}</p>
      {linkedAt ? (
        me.hasPassword && (
          <button type="button" {...disconnect.button} onClick={() => void disconnect.run()}>
            {t('disconnect')}
          </button>
        )
      ) : (
        <form method="post" action="/api/v1/auth/oidc/start">
          <input type="hidden" name="intent" value="link" />
          <input type="hidden" name="next" value="/profile" />
          <button type="submit">{t('connect', { name })}</button>
        </form>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function SignOut() {
  const { signOut } = useSession();
  return (
    <button type="button" onClick={() => void signOut()}>
      {t('signOut')}
    </button>
  );
}
