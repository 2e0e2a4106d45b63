import { useEffect, useRef, useState } from 'preact/hooks';
import { useAction } from '../action';
import { api, apiFile, problemOf, query } from '../api';
import type { CardPage, Me, Settings } from '../api';
import { CopyField } from '../components/copy-field';
import { type Outcome, OutcomeLine } from '../components/outcome';
import { PersonBadge } from '../components/person-badge';
import { Choice } from '../components/choice';
import { date, duration, t } from '../i18n';
import { PREVIEW_MINUTES, TOKEN_DAYS, dayChoices, withinMost } from '../lifetimes';
import { exportZips } from '../export-zips';
import { isGone, problemText } from '../problem-text';
import { useFieldErrors } from '../field-errors';
import { isAdmin, useSession } from '../session';

/** A list the API answers as `{ items }`, read when the section opens and again after each change. */
function useItems<T>(path: string): [T[], () => Promise<void>] {
  const [items, setItems] = useState<T[]>([]);
  const reload = async () => setItems((await api<{ items: T[] | null }>('GET', path)).items ?? []);
  useEffect(() => {
    void reload().catch(() => undefined);
  }, [path]);
  return [items, reload];
}

const absolute = (path: string) => new URL(path, location.origin).href;

/** The household: API tokens for everyone; members, links, settings, mail and transfer for admins and the owner. */
export function Household() {
  const { me } = useSession();
  useEffect(() => {
    document.title = `${t('household')} · ${t('appName')}`;
  }, []);
  const admin = isAdmin(me);
  const owner = me.role === 'superadmin';
  return (
    <div class="household">
      <h1>{t('household')}</h1>
      {admin && <Members />}
      <Tokens />
      {admin && <Shares />}
      {owner && <Settings />}
      {owner && <Mail />}
      {admin && <Transfer />}
    </div>
  );
}

interface Account {
  id: string;
  username: string;
  displayName: string;
  role: 'superadmin' | 'admin' | 'user';
  color: string;
  avatarId: string | null;
  hasPassword: boolean;
  email: string;
  setupLinkExpiresAt?: string;
  canSharePublicly: boolean;
}

interface SetupLink {
  path: string;
  expiresAt: string;
  mailedTo?: string;
  mailError?: string;
}

function Members() {
  const { me, settings } = useSession();
  const owner = me.role === 'superadmin';
  const [accounts, load] = useItems<Account>('/api/v1/users');
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [links, setLinks] = useState<Record<string, SetupLink>>({});
  const [error, setError] = useState<string | null>(null);
  const newMember = useRef<HTMLFormElement>(null);
  const refused = useFieldErrors(newMember);

  const create = useAction(async () => {
    setError(null);
    refused.clear();
    try {
      const created = await api<Account & { setupLink?: SetupLink }>('POST', '/api/v1/users', {
        username: username.trim(),
        role,
        ...(displayName.trim() ? { displayName: displayName.trim() } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(password ? { password } : {}),
      });
      if (created.setupLink) setLinks({ ...links, [created.id]: created.setupLink });
      setUsername('');
      setDisplayName('');
      setEmail('');
      setPassword('');
      // Every field starts afresh: the next member is no admin unless chosen again.
      setRole('user');
      await load();
    } catch (e) {
      // Told at the field it names, which takes the focus.
      refused.show(e);
    }
  });
  /** One change of a member at a time: their buttons wait for it. */
  const changing = useAction((change: () => Promise<void>) => change());
  const issueLink = async (account: Account, mail: boolean) => {
    try {
      const link = await api<SetupLink>('POST', `/api/v1/users/${account.id}/setup-link`, { mail });
      setLinks({ ...links, [account.id]: link });
    } catch (e) {
      setError(problemText(e));
    }
  };
  const update = async (account: Account, change: Partial<Pick<Account, 'role' | 'canSharePublicly'>>) => {
    try {
      await api('PATCH', `/api/v1/users/${account.id}`, change);
      await load();
    } catch (e) {
      setError(problemText(e));
    }
  };
  const remove = async (account: Account) => {
    if (!confirm(t('removeMemberConfirm', { name: account.displayName }))) return;
    try {
      await api('DELETE', `/api/v1/users/${account.id}`);
    } catch (e) {
      // Gone meanwhile: it goes from the list as well.
      if (!isGone(e)) return setError(problemText(e));
    }
    await load().catch(() => undefined);
  };

  return (
    <section class="card stack" aria-labelledby="members-title">
      <h2 id="members-title">{t('members')}</h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <ul class="members">
        {accounts.map((account) => {
          const link = links[account.id];
          const self = account.id === me.id;
          // The API's rank rules: the owner manages admins and makes them; an admin, members only.
          const manageable = !self && account.role !== 'superadmin' && (owner || account.role === 'user');
          return (
            <li key={account.id} class="member">
              <p class="member-head">
                <PersonBadge person={account} size={32} decorative />
                <strong>{account.displayName}</strong> <span class="muted">@{account.username}</span>
                <span class="chip">
                  {t(
                    account.role === 'superadmin'
                      ? 'roleOwner'
                      : account.role === 'admin'
                        ? 'roleAdmin'
                        : 'roleUser',
                  )}
                </span>
                {!account.hasPassword && <span class="muted">{t('noPasswordYet')}</span>}
              </p>
              {link && (
                <div class="stack tight">
                  <CopyField
                    label={t('setupLinkFor', { name: account.displayName })}
                    value={absolute(link.path)}
                  />
                  <p class="muted">
                    {t('linkValidUntil', { date: date(link.expiresAt) })}
                    {link.mailedTo && ` · ${t('mailedTo', { address: link.mailedTo })}`}
                    {link.mailError && ` · ${t('mailFailed', { error: link.mailError })}`}
                  </p>
                </div>
              )}
              {manageable && (
                <div class="row small">
                  {owner && (
                    <label class="inline">
                      <span>{t('role')}</span>
                      <select
                        value={account.role}
                        onChange={(e) =>
                          void update(account, { role: e.currentTarget.value as Account['role'] })
                        }
                      >
                        <option value="user">{t('roleUser')}</option>
                        <option value="admin">{t('roleAdmin')}</option>
                      </select>
                    </label>
                  )}
                  {settings.publicShares && (
                    <label class="check">
                      <input
                        type="checkbox"
                        checked={account.canSharePublicly}
                        onChange={(e) => void update(account, { canSharePublicly: e.currentTarget.checked })}
                      />
                      <span>{t('maySharePublicly')}</span>
                    </label>
                  )}
                  {!account.hasPassword && (
                    <>
                      <button
                        type="button"
                        {...changing.button}
                        onClick={() => void changing.run(() => issueLink(account, false))}
                      >
                        {t('newSetupLink')}
                      </button>
                      {settings.mailEnabled && account.email && (
                        <button
                          type="button"
                          {...changing.button}
                          onClick={() => void changing.run(() => issueLink(account, true))}
                        >
                          {t('mailSetupLink')}
                        </button>
                      )}
                    </>
                  )}
                  <button
                    type="button"
                    class="danger"
                    {...changing.button}
                    onClick={() => void changing.run(() => remove(account))}
                  >
                    {t('removeMember', { name: account.displayName })}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <form ref={newMember} class="stack" onSubmit={create.submit} aria-labelledby="new-member-title">
        <h3 id="new-member-title">{t('newMember')}</h3>
        <label>
          <span>{t('username')}</span>
          <input
            {...refused.field('username')}
            required
            autoCapitalize="none"
            spellcheck={false}
            maxLength={50}
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
          />
        </label>
        {refused.problem('username')}
        <label>
          <span>{t('displayName')}</span>
          <input
            {...refused.field('displayName')}
            maxLength={64}
            value={displayName}
            onInput={(e) => setDisplayName(e.currentTarget.value)}
          />
        </label>
        {refused.problem('displayName')}
        <label>
          <span>{t('emailOptional')}</span>
          <input
            {...refused.field('email')}
            type="email"
            maxLength={254}
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        {refused.problem('email')}
        <label>
          <span>{t('passwordOptional')}</span>
          <input
            {...refused.field('password', 'member-password-hint')}
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={128}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
          <small id="member-password-hint">{t('passwordOptionalHint')}</small>
        </label>
        {refused.problem('password')}
        {owner && (
          <label>
            <span>{t('role')}</span>
            <select value={role} onChange={(e) => setRole(e.currentTarget.value as 'user' | 'admin')}>
              <option value="user">{t('roleUser')}</option>
              <option value="admin">{t('roleAdmin')}</option>
            </select>
          </label>
        )}
        {refused.other && (
          <p class="error" role="alert">
            {refused.other}
          </p>
        )}
        <button type="submit" class="primary" {...create.button}>
          {t('createMember')}
        </button>
      </form>
    </section>
  );
}

interface Token {
  id: string;
  name: string;
  prefix: string;
  scopes: string[] | null;
  ownerDisplayName: string;
  createdAt: string;
  expiresAt?: string;
  lastUsedAt?: string;
}

const SCOPES = ['recipes:read', 'recipes:write', 'recipes:delete', 'users:read', 'users:write'] as const;

/**
 * The scopes offered for a token: those its owner's role can use. Managing members (`users:write`)
 * is for admins and the owner; a member's token with it would only be refused. (`users:read` serves
 * every member: the household's people.)
 */
const scopesFor = (me: Me) => (isAdmin(me) ? SCOPES : SCOPES.filter((scope) => scope !== 'users:write'));

function Tokens() {
  const { me } = useSession();
  const [tokens, load] = useItems<Token>('/api/v1/tokens');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['recipes:read']);
  const [days, setDays] = useState<number | null>(90);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const newToken = useRef<HTMLFormElement>(null);
  const refused = useFieldErrors(newToken);
  const create = useAction(async () => {
    setError(null);
    refused.clear();
    try {
      const answer = await api<{ token: string }>('POST', '/api/v1/tokens', {
        name: name.trim(),
        scopes,
        ...(days !== null ? { expiresInDays: days } : {}),
      });
      setCreated(answer.token);
      setName('');
      await load();
    } catch (e) {
      // Told at the field it names (the scopes as one group), which takes the focus.
      refused.show(e);
    }
  });
  const revoke = useAction(async (token: Token) => {
    if (!confirm(t('revokeTokenConfirm', { name: token.name }))) return;
    setError(null);
    try {
      await api('DELETE', `/api/v1/tokens/${token.id}`);
    } catch (e) {
      // Gone meanwhile: it goes from the list as well.
      if (!isGone(e)) return setError(problemText(e));
    }
    await load().catch(() => undefined);
  });
  return (
    <section class="card stack" aria-labelledby="tokens-title">
      <h2 id="tokens-title">{t('apiTokens')}</h2>
      <p class="muted">{t('apiTokensExplain')}</p>
      {created && (
        <div class="notice stack tight" role="status">
          <CopyField label={t('newToken')} value={created} />
          <p>{t('tokenOnce')}</p>
        </div>
      )}
      <ul class="plain-list">
        {tokens.map((token) => (
          <li key={token.id}>
            <strong>{token.name}</strong> <code>{token.prefix}…</code> · {(token.scopes ?? []).join(', ')} ·{' '}
            {token.ownerDisplayName}
            {token.expiresAt && ` · ${t('expires', { date: date(token.expiresAt) })}`}{' '}
            <button
              type="button"
              class="link danger"
              {...revoke.button}
              onClick={() => void revoke.run(token)}
            >
              {t('revokeToken', { name: token.name })}
            </button>
          </li>
        ))}
      </ul>
      <form ref={newToken} class="stack" onSubmit={create.submit}>
        <label>
          <span>{t('tokenName')}</span>
          <input
            {...refused.field('name')}
            required
            maxLength={100}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        {refused.problem('name')}
        {/* One field for the API (`scopes`, `scopes[1]`): told at the group, which takes the focus. */}
        <fieldset {...refused.field('scopes')} tabIndex={-1}>
          <legend>{t('scopes')}</legend>
          <div class="chips">
            {scopesFor(me).map((scope) => (
              <label key={scope} class="check">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(e) =>
                    setScopes(
                      e.currentTarget.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope),
                    )
                  }
                />
                <span>{scope}</span>
              </label>
            ))}
          </div>
          {refused.problem('scopes')}
        </fieldset>
        <Choice
          label={t('validDays')}
          value={days}
          options={[...dayChoices(null, TOKEN_DAYS), [null, t('neverExpires')]]}
          onChange={setDays}
        />
        {(refused.other ?? error) && (
          <p class="error" role="alert">
            {refused.other ?? error}
          </p>
        )}
        <button type="submit" class="primary" {...create.button}>
          {t('createToken')}
        </button>
      </form>
    </section>
  );
}

interface ListedShare {
  id: string;
  path: string;
  status: string;
  expiresAt: string | null;
  recipe: { title: string; slug: string };
  createdBy?: { displayName: string };
}

function Shares() {
  const [shares, load] = useItems<ListedShare>('/api/v1/shares?all=true');
  const [error, setError] = useState<string | null>(null);
  const revoke = useAction(async (share: ListedShare) => {
    if (!confirm(t('revokeLinkConfirm'))) return;
    setError(null);
    try {
      await api('DELETE', `/api/v1/shares/${share.id}`);
    } catch (e) {
      // Gone meanwhile: it goes from the list as well.
      if (!isGone(e)) return setError(problemText(e));
    }
    await load().catch(() => undefined);
  });
  return (
    <section class="card stack" aria-labelledby="shares-title">
      <h2 id="shares-title">{t('publicLinks')}</h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {shares.length === 0 ? (
        <p class="muted">{t('noPublicLinks')}</p>
      ) : (
        <ul class="plain-list">
          {shares.map((share) => (
            <li key={share.id}>
              <a href={`/recipes/${encodeURIComponent(share.recipe.slug)}`}>{share.recipe.title}</a> ·{' '}
              {share.createdBy?.displayName ?? ''} ·{' '}
              {share.expiresAt ? t('expires', { date: date(share.expiresAt) }) : t('neverExpires')}{' '}
              {/* Live links are the rule here: only another state is worth saying. */}
              {share.status === 'paused' ? `· ${t('sharePaused')} ` : ''}
              {share.status === 'limited' ? `· ${t('shareLimited')} ` : ''}
              <button
                type="button"
                class="link danger"
                {...revoke.button}
                onClick={() => void revoke.run(share)}
              >
                {t('revokeLinkTo', { title: share.recipe.title })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface HouseholdSettings {
  publicShares: boolean;
  publicShareAttribution: boolean;
  publicShareDefaultDays: number | null;
  publicShareMaxDays: number | null;
  linkPreviews: boolean;
  linkPreviewMinutes: number;
  recipesLockedByDefault: boolean;
}

/** What the settings form may change (the answer holds more: whether mail is on, its `$schema`). */
const SETTING_NAMES: ReadonlyArray<keyof HouseholdSettings> = [
  'publicShares',
  'publicShareAttribution',
  'publicShareDefaultDays',
  'publicShareMaxDays',
  'linkPreviews',
  'linkPreviewMinutes',
  'recipesLockedByDefault',
];

function Settings() {
  const session = useSession();
  const [values, setValues] = useState<HouseholdSettings | null>(null);
  /** The settings as last read or saved: a save sends only what changed (a PATCH). */
  const [loaded, setLoaded] = useState<HouseholdSettings | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);
  useEffect(() => {
    void api<HouseholdSettings>('GET', '/api/v1/settings').then(
      (found) => {
        setValues(found);
        setLoaded(found);
      },
      () => undefined,
    );
  }, []);
  const save = useAction(async () => {
    if (!values) return;
    setMessage(null);
    try {
      // Only what changed: lowering the maximum alone pulls the default down with it (the API's rule).
      const changes = Object.fromEntries(
        SETTING_NAMES.filter((name) => values[name] !== loaded?.[name]).map((name) => [name, values[name]]),
      );
      const saved = await api<HouseholdSettings & Settings>('PATCH', '/api/v1/settings', changes);
      setValues(saved);
      setLoaded(saved);
      // The rest of the app (the share panel) follows at once.
      session.setSettings(saved);
      setMessage({ ok: true, text: t('saved') });
    } catch (e) {
      setMessage({ ok: false, text: problemText(e) });
    }
  });
  if (!values) return null;
  const flag = (name: keyof HouseholdSettings, label: string) => (
    <label class="check">
      <input
        type="checkbox"
        checked={Boolean(values[name])}
        onChange={(e) => setValues({ ...values, [name]: e.currentTarget.checked })}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <form class="card stack" onSubmit={save.submit} aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings')}</h2>
      {flag('publicShares', t('settingPublicShares'))}
      {flag('publicShareAttribution', t('settingAttribution'))}
      <Choice
        label={t('settingDefaultDays')}
        value={values.publicShareDefaultDays}
        options={[
          ...(values.publicShareMaxDays === null ? [[null, t('neverExpires')] as const] : []),
          ...dayChoices(values.publicShareMaxDays),
        ]}
        onChange={(publicShareDefaultDays) => setValues({ ...values, publicShareDefaultDays })}
      />
      <Choice
        label={t('settingMaxDays')}
        value={values.publicShareMaxDays}
        options={[[null, t('noLimit')], ...dayChoices()]}
        onChange={(publicShareMaxDays) => {
          // A default beyond the new maximum comes down to it, as the API would bring it.
          setValues({
            ...values,
            publicShareMaxDays,
            publicShareDefaultDays: withinMost(values.publicShareDefaultDays, publicShareMaxDays),
          });
        }}
      />
      {flag('linkPreviews', t('settingLinkPreviews'))}
      <Choice
        label={t('settingPreviewMinutes')}
        value={values.linkPreviewMinutes}
        options={PREVIEW_MINUTES.map((n) => [n, duration(n)] as const)}
        onChange={(linkPreviewMinutes) => setValues({ ...values, linkPreviewMinutes })}
      />
      {flag('recipesLockedByDefault', t('settingLocked'))}
      <OutcomeLine outcome={message} />
      <button type="submit" class="primary" {...save.button}>
        {t('save')}
      </button>
    </form>
  );
}

interface MailSettings {
  source: string;
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  username: string;
  passwordSet: boolean;
  from: string;
  fromName: string;
  publicUrlMissing: boolean;
}

function Mail() {
  const { me } = useSession();
  const [mail, setMail] = useState<MailSettings | null>(null);
  const [host, setHost] = useState('');
  const [port, setPort] = useState('587');
  const [security, setSecurity] = useState<MailSettings['security']>('starttls');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(me.email ?? '');
  const [message, setMessage] = useState<Outcome | null>(null);
  const fill = (m: MailSettings) => {
    setMail(m);
    setHost(m.host);
    setPort(String(m.port || 587));
    setSecurity(m.security);
    setUsername(m.username);
    setFrom(m.from);
  };
  useEffect(() => {
    void api<MailSettings>('GET', '/api/v1/settings/mail').then(fill, () => undefined);
  }, []);
  const save = useAction(async () => {
    try {
      fill(
        await api<MailSettings>('PUT', '/api/v1/settings/mail', {
          host: host.trim(),
          port: Number(port),
          security,
          from: from.trim(),
          ...(username.trim() ? { username: username.trim() } : {}),
          ...(password ? { password } : {}),
        }),
      );
      setPassword('');
      setMessage({ ok: true, text: t('saved') });
    } catch (e) {
      setMessage({ ok: false, text: problemText(e) });
    }
  });
  const test = useAction(async () => {
    try {
      await api('POST', '/api/v1/settings/mail/test', { to: to.trim() });
      setMessage({ ok: true, text: t('testMailSent', { address: to.trim() }) });
    } catch (e) {
      setMessage({ ok: false, text: problemText(e) });
    }
  });
  const fromEnvironment = mail?.source === 'env';
  return (
    <form class="card stack" onSubmit={save.submit} aria-labelledby="mail-title">
      <h2 id="mail-title">{t('mailSettings')}</h2>
      {fromEnvironment && <p class="muted">{t('mailFromEnvironment')}</p>}
      {mail?.publicUrlMissing && <p class="error">{t('publicUrlMissing')}</p>}
      {/* Set through the environment, the settings cannot be changed here (the API answers 409). */}
      <fieldset class="stack" disabled={fromEnvironment}>
        <label>
          <span>{t('smtpHost')}</span>
          <input value={host} onInput={(e) => setHost(e.currentTarget.value)} />
        </label>
        <div class="row three">
          <label>
            <span>{t('smtpPort')}</span>
            <input inputMode="numeric" value={port} onInput={(e) => setPort(e.currentTarget.value)} />
          </label>
          <label>
            <span>{t('smtpSecurity')}</span>
            <select
              value={security}
              onChange={(e) => setSecurity(e.currentTarget.value as MailSettings['security'])}
            >
              <option value="starttls">STARTTLS</option>
              <option value="tls">TLS</option>
              <option value="none">{t('smtpNone')}</option>
            </select>
          </label>
        </div>
        <label>
          <span>{t('smtpUsername')}</span>
          <input autoComplete="off" value={username} onInput={(e) => setUsername(e.currentTarget.value)} />
        </label>
        <label>
          <span>{mail?.passwordSet ? t('smtpPasswordKept') : t('smtpPassword')}</span>
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <label>
          <span>{t('smtpFrom')}</span>
          <input type="email" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
        </label>
      </fieldset>
      <OutcomeLine outcome={message} />
      {!fromEnvironment && (
        <button type="submit" class="primary" {...save.button}>
          {t('save')}
        </button>
      )}
      <div class="row">
        <label class="grow">
          <span>{t('testMailTo')}</span>
          <input type="email" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
        </label>
        <button type="button" {...test.button} onClick={() => void test.run()}>
          {t('sendTestMail')}
        </button>
      </div>
    </form>
  );
}

/** How many recipes to choose from are read at a time. */
const CHOOSE_PAGE = 50;

function Transfer() {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);
  /** One export or import at a time: a press while one runs does nothing. */
  const moving = useAction((work: () => Promise<void>) => work());
  const [filter, setFilter] = useState('');
  /** The recipes to choose from that match what is typed, as far as pages were read, of `total`. */
  const [found, setFound] = useState<{
    q: string;
    items: { id: string; title: string }[];
    page: number;
    total: number;
  }>({ q: '', items: [], page: 0, total: 0 });
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  /** The search the list shows: an answer for an earlier one is dropped. */
  const asked = useRef(0);
  const list = useRef<HTMLUListElement>(null);
  const [moreProblem, setMoreProblem] = useState<string | null>(null);
  const titlesOf = (answer: CardPage) =>
    (answer.items ?? []).map((card) => ({ id: card.id, title: card.title }));
  const pageOf = (q: string, page: number) =>
    api<CardPage>('GET', `/api/v1/recipes${query({ q, page, limit: CHOOSE_PAGE, sort: 'title' })}`);

  // The first page of those that match what is typed; the next ones on "Show more".
  useEffect(() => {
    const search = ++asked.current;
    const q = filter.trim();
    const timer = setTimeout(() => {
      void pageOf(q, 1).then(
        (answer) => {
          if (search !== asked.current) return;
          setFound({ q, items: titlesOf(answer), page: 1, total: answer.total });
          setMoreProblem(null);
        },
        () => undefined,
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [filter]);

  const showMore = useAction(async () => {
    const search = asked.current;
    try {
      // The next page of the search shown (what is typed meanwhile brings its own first page).
      const answer = await pageOf(found.q, found.page + 1);
      if (search !== asked.current) return;
      const seen = new Set(found.items.map((recipe) => recipe.id));
      const added = titlesOf(answer).filter((recipe) => !seen.has(recipe.id));
      setFound({ ...found, items: [...found.items, ...added], page: found.page + 1, total: answer.total });
      setMoreProblem(null);
      // The first recipe shown now takes the focus: the button may be gone, and the list goes on there.
      const first = found.items.length;
      requestAnimationFrame(() => list.current?.querySelectorAll<HTMLInputElement>('input')[first]?.focus());
    } catch (e) {
      setMoreProblem(problemText(e));
    }
  });

  const exportAll = () =>
    exportRecipes(async () => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await api<CardPage>(
          'GET',
          `/api/v1/recipes${query({ page, limit: 100, sort: 'created' })}`,
        );
        ids.push(...(answer.items ?? []).map((card) => card.id));
        if (ids.length >= answer.total || (answer.items ?? []).length === 0) return ids;
      }
    });

  /** The recipes as zips of at most 500 (what the API takes at once), downloaded one after another. */
  const exportRecipes = async (listed: () => Promise<string[]>) => {
    setMessage(null);
    try {
      const ids = await listed();
      if (ids.length === 0) return setMessage({ ok: false, text: t('noRecipes') });
      const zips = exportZips(ids, new Date().toISOString().slice(0, 10));
      for (const [i, zip] of zips.entries()) {
        if (zips.length > 1)
          setMessage({ ok: true, text: t('exportingPart', { n: i + 1, count: zips.length }) });
        try {
          download(await apiFile('POST', '/api/v1/export', { recipeIds: zip.ids }), zip.name);
        } catch (e) {
          if (zips.length === 1) throw e;
          return setMessage({
            ok: false,
            text: t('exportPartFailed', { n: i + 1, count: zips.length, reason: problemText(e) }),
          });
        }
      }
      setMessage({
        ok: true,
        text:
          zips.length === 1
            ? t('exported', { n: ids.length })
            : t('exportedInParts', {
                n: ids.length,
                count: zips.length,
                first: zips[0]!.name,
                last: zips[zips.length - 1]!.name,
              }),
      });
    } catch (e) {
      setMessage({ ok: false, text: problemText(e) });
    }
  };

  const importZip = (file: File) =>
    new Promise<void>((done) => {
      setMessage(null);
      setProgress(0);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/v1/import');
      xhr.setRequestHeader('Content-Type', 'application/zip');
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => event.lengthComputable && setProgress(event.loaded / event.total);
      xhr.onload = () => {
        done();
        setProgress(null);
        if (xhr.status !== 201) {
          const problem = problemOf(
            xhr.status,
            xhr.statusText,
            xhr.responseText,
            xhr.getResponseHeader('Retry-After'),
          );
          return setMessage({ ok: false, text: problemText(problem) });
        }
        try {
          const body = JSON.parse(xhr.responseText) as { created?: unknown[] };
          setMessage({ ok: true, text: t('imported', { n: body.created?.length ?? 0 }) });
        } catch {
          setMessage({ ok: false, text: t('somethingWrong') });
        }
      };
      xhr.onerror = () => {
        done();
        setProgress(null);
        setMessage({ ok: false, text: t('offline') });
      };
      xhr.send(file);
    });

  return (
    <section class="card stack" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t('transfer')}</h2>
      <p class="muted">{t('transferExplain')}</p>
      <button type="button" {...moving.button} onClick={() => void moving.run(exportAll)}>
        {t('exportAll')}
      </button>
      <fieldset class="stack tight">
        <legend>{t('exportChosenTitle')}</legend>
        <label>
          <span>{t('search')}</span>
          <input type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
        </label>
        <ul class="plain-list choose-list" ref={list}>
          {found.items.map((recipe) => (
            <li key={recipe.id}>
              <label class="check">
                <input
                  type="checkbox"
                  checked={chosen.has(recipe.id)}
                  onChange={(e) => {
                    const next = new Map(chosen);
                    if (e.currentTarget.checked) next.set(recipe.id, recipe.title);
                    else next.delete(recipe.id);
                    setChosen(next);
                  }}
                />
                <span>{recipe.title}</span>
              </label>
            </li>
          ))}
        </ul>
        {moreProblem !== null && (
          <p class="error" role="alert">
            {moreProblem}
          </p>
        )}
        {found.items.length < found.total && (
          <button type="button" class="secondary" {...showMore.button} onClick={() => void showMore.run()}>
            {moreProblem !== null
              ? t('tryAgain')
              : t('moreToChoose', { shown: found.items.length, total: found.total })}
          </button>
        )}
        <button
          type="button"
          disabled={chosen.size === 0}
          {...moving.button}
          onClick={() => void moving.run(() => exportRecipes(async () => [...chosen.keys()]))}
        >
          {t('exportChosen', { n: chosen.size })}
        </button>
      </fieldset>
      <label>
        <span>{t('importZip')}</span>
        <input
          type="file"
          accept=".zip,application/zip"
          disabled={moving.busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void moving.run(() => importZip(file));
          }}
        />
      </label>
      {progress !== null && <progress max={1} value={progress} aria-label={t('importZip')} />}
      <OutcomeLine outcome={message} />
    </section>
  );
}

/** Hands a file to the browser's downloads. */
function download(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
