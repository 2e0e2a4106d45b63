/**
 * Single sign-on through a real OpenID Connect provider (oidc-provider, started here), driven
 * like a browser would: form posts, redirects followed by hand, a cookie for the session.
 */
import { OpenIdConnectProvider } from '@larder/adapters-oidc';
import {
  type TestIdentityProvider,
  type TestPerson,
  startTestIdentityProvider,
} from '@larder/adapters-oidc/test-support/oidc-provider.js';
import { startSmtpSink } from '@larder/adapters-smtp/test-support/smtp-sink.js';
import request from 'supertest';
import { quickMailer } from './mail-helpers.js';
import { startServiceProcess } from '../test-support/service-process.js';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';

const PUBLIC_URL = 'http://larder.test';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/oidc/callback`;
const MINUTE = 60 * 1000;

let idp: TestIdentityProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUris: [CALLBACK] });
  t = await startTestApp(
    {
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_OIDC_ISSUER: idp.issuer,
      SERVICE_OIDC_CLIENT_ID: idp.clientId,
      SERVICE_OIDC_CLIENT_SECRET: idp.clientSecret,
      SERVICE_OIDC_NAME: 'Family ID',
      SERVICE_TRUSTED_PROXIES: 'loopback',
    },
    {
      identityProvider: new OpenIdConnectProvider({
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        displayName: 'Family ID',
        retryDiscoveryAfterMs: 0,
      }),
    },
  );
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

const cookieNamed = (res: request.Response, name: string) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const cookieOf = (res: request.Response) => cookieNamed(res, 'service_session');

/** The flow cookie of the browser that started each flow, by the flow's state. */
const browserOf = new Map<string, string>();
const stateOf = (address: string) => new URL(address).searchParams.get('state') ?? '';
let addresses = 0;

/**
 * Posts the start form (as a member, when given; from a browser with `browser` as its flow cookie,
 * when given) and answers where the browser is sent. Each start comes from an address of its own
 * (through the trusted loopback proxy), as the household's starts never come close to the limit.
 */
async function start(
  form: Record<string, string>,
  who?: Member,
  options: { browser?: string; from?: string } = {},
): Promise<string> {
  const cookies = [who?.cookie, options.browser].filter(Boolean).join('; ');
  const res = await request(t.app)
    .post('/api/v1/auth/oidc/start')
    .set('X-Forwarded-For', options.from ?? `198.51.100.${(addresses++ % 250) + 1}`)
    .set('Cookie', cookies)
    .type('form')
    .send(form);
  expect(res.status).toBe(303);
  const location = String(res.headers['location']);
  const browser = cookieNamed(res, 'service_sign_on');
  if (browser) browserOf.set(stateOf(location), browser);
  return location;
}

/**
 * The callback request, as the browser would make it coming back from the provider: by default
 * the browser that started the flow, signed in as `who` when given; `browser: null` is another
 * browser, without that flow cookie.
 */
function callback(callbackUrl: string, who?: Member, browser?: string | null) {
  const url = new URL(callbackUrl);
  const flowCookie = browser === undefined ? browserOf.get(stateOf(callbackUrl)) : browser;
  const cookies = [flowCookie, who?.cookie].filter(Boolean).join('; ');
  return request(t.app).get(`${url.pathname}${url.search}`).set('Cookie', cookies);
}

/** A whole flow: start, sign in at the provider as `person`, come back. */
async function flow(form: Record<string, string>, person: TestPerson, who?: Member) {
  const toProvider = await start(form, who);
  expect(toProvider.startsWith(idp.issuer)).toBe(true);
  return callback(await idp.signIn(toProvider, { as: person }), who);
}

it('says whether it is offered, and by whom', async () => {
  expect((await request(t.app).get('/api/v1/auth/oidc')).body).toMatchObject({
    enabled: true,
    name: 'Family ID',
  });
});

it('connects a signed-in account (link), then signs it in (login) with the same session cookie kind', async () => {
  const ann = await t.member('user', 'ann');
  const ann1 = { subject: 'sub-ann', email: 'ann@example.org', email_verified: true };
  const linked = await flow({ intent: 'link', next: '/settings' }, ann1, ann);
  expect(linked.status).toBe(303);
  expect(linked.headers['location']).toBe('/settings');
  const identity = await request(t.app).get('/api/v1/auth/me/identity').set('Cookie', ann.cookie);
  expect(identity.status).toBe(200);
  expect(identity.body.linkedAt).toEqual(expect.any(String));
  expect(
    (await request(t.app).get('/api/v1/users').set('Cookie', t.owner.cookie)).body.items.find(
      (u: { username: string }) => u.username === 'ann',
    ),
  ).toMatchObject({ hasIdentity: true });

  const signedIn = await flow({ intent: 'login', next: '/recipes?tag=soup' }, ann1);
  expect(signedIn.headers['location']).toBe('/recipes?tag=soup');
  const cookie = cookieOf(signedIn);
  expect(String(signedIn.headers['set-cookie'])).toMatch(/HttpOnly/);
  const me = await request(t.app)
    .get('/api/v1/auth/me')
    .set('Cookie', cookie ?? '');
  expect(me.body.username).toBe('ann');
});

it('creates nothing for an identity no account is connected to: ?oidc=unlinked', async () => {
  const before = (await request(t.app).get('/api/v1/users').set('Cookie', t.owner.cookie)).body.items.length;
  const res = await flow({ intent: 'login', next: '/' }, { subject: 'stranger', email: 's@example.org' });
  expect(res.headers['location']).toBe('/?oidc=unlinked');
  expect(cookieOf(res)).toBeUndefined();
  expect((await request(t.app).get('/api/v1/users').set('Cookie', t.owner.cookie)).body.items).toHaveLength(
    before,
  );
});

it('answers with the new outcome alone when tried again from a page showing an earlier one', async () => {
  const again = await flow(
    { intent: 'login', next: '/recipes?oidc=unlinked&tag=soup#top' },
    { subject: 'stranger-2', email: 's2@example.org' },
  );
  expect(again.headers['location']).toBe('/recipes?tag=soup&oidc=unlinked#top');
  const first = await flow({ intent: 'login', next: '/?oidc=failed' }, { subject: 'stranger-3' });
  expect(first.headers['location']).toBe('/?oidc=unlinked');
});

it('refuses an identity connected to another account: ?oidc=taken; and a second identity: ?oidc=linked', async () => {
  const ben = await t.member('user', 'ben');
  const cat = await t.member('user', 'cat');
  await flow({ intent: 'link', next: '/' }, { subject: 'sub-ben' }, ben);
  const taken = await flow({ intent: 'link', next: '/me' }, { subject: 'sub-ben' }, cat);
  expect(taken.headers['location']).toBe('/me?oidc=taken');
  const second = await flow({ intent: 'link', next: '/' }, { subject: 'sub-ben-2' }, ben);
  expect(second.headers['location']).toBe('/?oidc=linked');
});

it('finishes an invited account through its setup link (setup), spending the link and confirming the address', async () => {
  const created = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username: 'dora', role: 'user', email: 'dora@example.org' });
  const token = String(created.body.setupLink.path).replace('/setup/', '');
  const res = await flow(
    { intent: 'setup', setup: token, next: '/' },
    { subject: 'sub-dora', email: 'dora@example.org', email_verified: true },
  );
  expect(res.headers['location']).toBe('/');
  const me = await request(t.app)
    .get('/api/v1/auth/me')
    .set('Cookie', cookieOf(res) ?? '');
  expect(me.body).toMatchObject({ username: 'dora', hasPassword: false, emailVerified: true });
  expect((await request(t.app).post('/api/v1/auth/setup/inspect').send({ token })).status).toBe(404);
});

it('keeps a setup link open when the account is connected to another identity already: ?oidc=linked', async () => {
  const created = await request(t.app)
    .post('/api/v1/users')
    .set('Cookie', t.owner.cookie)
    .send({ username: 'edda', role: 'user' });
  const first = String(created.body.setupLink.path).replace('/setup/', '');
  await flow({ intent: 'setup', setup: first, next: '/' }, { subject: 'sub-edda' });
  // Later the admin hands over a new setup link, so that Edda may choose a password.
  const again = await request(t.app)
    .post(`/api/v1/users/${created.body.id}/setup-link`)
    .set('Cookie', t.owner.cookie);
  expect(again.status).toBe(201);
  const token = String(again.body.path).replace('/setup/', '');
  const other = await flow({ intent: 'setup', setup: token, next: '/' }, { subject: 'sub-somebody-else' });
  expect(other.headers['location']).toBe('/?oidc=linked');
  expect(cookieOf(other)).toBeUndefined();
  expect((await request(t.app).post('/api/v1/auth/setup/inspect').send({ token })).status).toBe(200);
  // Her own identity signs her in through the link, and spends it.
  const own = await flow({ intent: 'setup', setup: token, next: '/' }, { subject: 'sub-edda' });
  expect(own.headers['location']).toBe('/');
  expect(cookieOf(own)).toBeDefined();
  expect((await request(t.app).post('/api/v1/auth/setup/inspect').send({ token })).status).toBe(404);
});

it('confirms an address only when the provider vouches for that very address', async () => {
  const eve = await t.member('user', 'eve');
  await request(t.app)
    .patch('/api/v1/auth/me/profile')
    .set('Cookie', eve.cookie)
    .send({ email: 'eve@example.org' });
  await flow(
    { intent: 'link', next: '/' },
    { subject: 'sub-eve', email: 'eve@example.org', email_verified: false },
    eve,
  );
  expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', eve.cookie)).body.emailVerified).toBe(
    false,
  );
  await flow(
    { intent: 'login', next: '/' },
    { subject: 'sub-eve', email: 'other@example.org', email_verified: true },
  );
  expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', eve.cookie)).body.emailVerified).toBe(
    false,
  );
  await flow(
    { intent: 'login', next: '/' },
    { subject: 'sub-eve', email: 'EVE@example.org', email_verified: true },
  );
  expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', eve.cookie)).body.emailVerified).toBe(
    true,
  );
});

describe('disconnecting', () => {
  it('refuses 409 while the account has no password; with one, ends the other sessions', async () => {
    const created = await request(t.app)
      .post('/api/v1/users')
      .set('Cookie', t.owner.cookie)
      .send({ username: 'finn', role: 'user' });
    const token = String(created.body.setupLink.path).replace('/setup/', '');
    const finn = { subject: 'sub-finn' };
    const first = cookieOf(await flow({ intent: 'setup', setup: token, next: '/' }, finn)) ?? '';
    const refused = await request(t.app).delete('/api/v1/auth/me/identity').set('Cookie', first);
    expect(refused.status).toBe(409);

    await request(t.app).patch('/api/v1/auth/me').set('Cookie', first).send({ password: 'finns-password' });
    const second = cookieOf(await flow({ intent: 'login', next: '/' }, finn)) ?? '';
    expect((await request(t.app).delete('/api/v1/auth/me/identity').set('Cookie', first)).status).toBe(204);
    expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', first)).status).toBe(200);
    expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', second)).status).toBe(401);
    expect((await request(t.app).get('/api/v1/auth/me/identity').set('Cookie', first)).status).toBe(404);
    expect((await flow({ intent: 'login', next: '/' }, finn)).headers['location']).toBe('/?oidc=unlinked');
  });

  it('lets an admin disconnect a member, ending every session of theirs', async () => {
    const gus = await t.member('user', 'gus');
    await flow({ intent: 'link', next: '/' }, { subject: 'sub-gus' }, gus);
    const admin = await t.member('admin', 'helga');
    const plain = await t.member('user', 'ivo');
    expect(
      (await request(t.app).delete(`/api/v1/users/${gus.id}/identity`).set('Cookie', plain.cookie)).status,
    ).toBe(403);
    expect(
      (await request(t.app).delete(`/api/v1/users/${gus.id}/identity`).set('Cookie', admin.cookie)).status,
    ).toBe(204);
    expect((await request(t.app).get('/api/v1/auth/me').set('Cookie', gus.cookie)).status).toBe(401);
    expect(
      (await request(t.app).delete(`/api/v1/users/${gus.id}/identity`).set('Cookie', admin.cookie)).status,
    ).toBe(404);
  });
});

describe('flows that must fail', () => {
  it('a replayed callback, a forged state, a mismatched nonce, an expired flow: all ?oidc=failed', async () => {
    const jo = await t.member('user', 'jo');
    await flow({ intent: 'link', next: '/' }, { subject: 'sub-jo' }, jo);

    const toProvider = await start({ intent: 'login', next: '/' });
    const back = await idp.signIn(toProvider, { as: { subject: 'sub-jo' } });
    expect(cookieOf(await callback(back))).toBeDefined();
    const replayed = await callback(back);
    expect(replayed.headers['location']).toBe('/?oidc=failed');
    expect(cookieOf(replayed)).toBeUndefined();

    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    expect((await callback(forged.toString())).headers['location']).toBe('/?oidc=failed');

    const other = await start({ intent: 'login', next: '/' });
    const wrongNonce = await idp.signIn(other, {
      as: { subject: 'sub-jo' },
      replaceNonce: 'an-attacker-nonce',
    });
    const mismatched = await callback(wrongNonce);
    expect(mismatched.headers['location']).toBe('/?oidc=failed');
    expect(cookieOf(mismatched)).toBeUndefined();

    const slow = await start({ intent: 'login', next: '/' });
    const late = await idp.signIn(slow, { as: { subject: 'sub-jo' } });
    t.clock.advance(11 * MINUTE);
    expect((await callback(late)).headers['location']).toBe('/?oidc=failed');
  });

  it('spends nothing on a HEAD of the callback (a link checker, a prefetch): the GET after it still signs in', async () => {
    const ivy = await t.member('user', 'ivy');
    await flow({ intent: 'link', next: '/' }, { subject: 'sub-ivy' }, ivy);

    const back = await idp.signIn(await start({ intent: 'login', next: '/recipes' }), {
      as: { subject: 'sub-ivy' },
    });
    const url = new URL(back);
    const head = await request(t.app)
      .head(`${url.pathname}${url.search}`)
      .set('Cookie', browserOf.get(stateOf(back)) ?? '');
    expect(head.status).toBe(303);
    expect(cookieOf(head)).toBeUndefined();

    const signedIn = await callback(back);
    expect(signedIn.headers['location']).toBe('/recipes');
    expect(cookieOf(signedIn)).toBeDefined();
  });

  it('is finished only in the browser that started it: no planted sign-in, no identity connected across browsers', async () => {
    const mal = await t.member('user', 'mal');
    const max = await t.member('user', 'max');
    const vic = await t.member('user', 'vic');
    await flow({ intent: 'link', next: '/' }, { subject: 'sub-mal' }, mal);
    const identityOf = async (who: Member) =>
      (await request(t.app).get('/api/v1/auth/me/identity').set('Cookie', who.cookie)).status;

    // The attacker signs in at the provider and has the victim's browser open the way back.
    const malsLogin = await idp.signIn(await start({ intent: 'login', next: '/' }), {
      as: { subject: 'sub-mal' },
    });
    const planted = await callback(malsLogin, vic, null);
    expect(planted.headers['location']).toBe('/?oidc=failed');
    expect(cookieOf(planted)).toBeUndefined();
    // … nor when the victim's browser holds a flow cookie of its own.
    const vicsBrowser = browserOf.get(stateOf(await start({ intent: 'login', next: '/' })));
    const again = await idp.signIn(await start({ intent: 'login', next: '/' }), {
      as: { subject: 'sub-mal' },
    });
    const plantedAgain = await callback(again, undefined, vicsBrowser);
    expect(plantedAgain.headers['location']).toBe('/?oidc=failed');
    expect(cookieOf(plantedAgain)).toBeUndefined();

    // The attacker starts connecting his account and sends the victim the provider's page.
    const malsLink = await start({ intent: 'link', next: '/' }, max);
    const victimBack = await idp.signIn(malsLink, { as: { subject: 'sub-vic' } });
    expect((await callback(victimBack, vic, null)).headers['location']).toBe('/?oidc=failed');
    expect(await identityOf(max)).toBe(404);

    // The victim's own connecting, its address leaked, finished by the attacker as himself.
    const vicsLink = await start({ intent: 'link', next: '/' }, vic);
    const hijack = await idp.signIn(vicsLink, { as: { subject: 'sub-max' } });
    expect((await callback(hijack, max, null)).headers['location']).toBe('/?oidc=failed');
    expect(await identityOf(vic)).toBe(404);

    // The victim's browser itself finishes what it started.
    const own = await start({ intent: 'link', next: '/' }, vic);
    expect(
      (await callback(await idp.signIn(own, { as: { subject: 'sub-vic' } }), vic)).headers['location'],
    ).toBe('/');
    expect(await identityOf(vic)).toBe(200);
  });

  it('connects only while the starting browser is still signed in as that member', async () => {
    const nia = await t.member('user', 'nia');
    const ola = await t.member('user', 'ola');
    const signedOut = await idp.signIn(await start({ intent: 'link', next: '/' }, nia), {
      as: { subject: 'sub-next-person' },
    });
    expect((await callback(signedOut)).headers['location']).toBe('/?oidc=failed');
    const someoneElse = await idp.signIn(await start({ intent: 'link', next: '/' }, nia), {
      as: { subject: 'sub-next-person' },
    });
    expect((await callback(someoneElse, ola)).headers['location']).toBe('/?oidc=failed');
    for (const who of [nia, ola]) {
      expect((await request(t.app).get('/api/v1/auth/me/identity').set('Cookie', who.cookie)).status).toBe(
        404,
      );
    }
  });

  it('lets one browser run flows in two tabs at once', async () => {
    const first = await start({ intent: 'login', next: '/a' });
    const browser = browserOf.get(stateOf(first));
    const second = await start({ intent: 'login', next: '/b' }, undefined, { browser });
    expect(browserOf.get(stateOf(second))).toBe(browser);
    const stranger = { as: { subject: 'sub-two-tabs' } };
    expect((await callback(await idp.signIn(second, stranger))).headers['location']).toBe('/b?oidc=unlinked');
    expect((await callback(await idp.signIn(first, stranger))).headers['location']).toBe('/a?oidc=unlinked');
  });

  it('starts at most 30 flows per client address within ten minutes', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 30; i++) {
      expect((await start({ intent: 'login', next: '/' }, undefined, { from })).startsWith(idp.issuer)).toBe(
        true,
      );
    }
    expect(await start({ intent: 'login', next: '/' }, undefined, { from })).toBe('/?oidc=failed');
    expect((await start({ intent: 'login', next: '/' })).startsWith(idp.issuer)).toBe(true);
    t.clock.advance(11 * MINUTE);
    expect((await start({ intent: 'login', next: '/' }, undefined, { from })).startsWith(idp.issuer)).toBe(
      true,
    );
  });

  it('sends the browser back with ?oidc=failed whatever the callback address holds', async () => {
    for (const query of [
      `state=${'s'.repeat(600)}&code=c`,
      `state=s&code=${'c'.repeat(5000)}`,
      `error=${'e'.repeat(300)}`,
      'state[a]=b&code=c',
      'state=a&state=b',
      'code[]=x',
    ]) {
      const res = await request(t.app).get(`/api/v1/auth/oidc/callback?${query}`);
      expect([query.slice(0, 30), res.status, res.headers['location']]).toEqual([
        query.slice(0, 30),
        303,
        '/?oidc=failed',
      ]);
    }
  });

  it('sends the browser only to a local path', async () => {
    for (const next of [
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/..//evil.example',
      '/.//evil.example',
      '/x/..//evil.example',
      '/%2e%2e//evil.example',
      'javascript:alert(1)',
    ]) {
      const location = await start({ intent: 'link', next });
      expect([next, location]).toEqual([next, '/?oidc=failed']);
    }
    expect(await start({ intent: 'nonsense', next: '/ok' })).toBe('/ok?oidc=failed');
    expect(await start({ intent: 'setup', setup: 'not-a-link-at-all-xxxxxxxx', next: '/' })).toBe(
      '/?oidc=failed',
    );
  });

  it('never answers a server error for a provider that is down, at the start or at the callback', async () => {
    const kim = await t.member('user', 'kim');
    await flow({ intent: 'link', next: '/' }, { subject: 'sub-kim' }, kim);
    const toProvider = await start({ intent: 'login', next: '/' });
    const back = await idp.signIn(toProvider, { as: { subject: 'sub-kim' } });
    await idp.stop();
    try {
      // The code cannot be exchanged: back with ?oidc=failed, and password sign-in goes on.
      expect((await callback(back)).headers['location']).toBe('/?oidc=failed');
      await t.login(t.owner.username, t.owner.password);
    } finally {
      await idp.start();
    }
  });

  it('starts, and serves passwords, while the provider is down from the first; signs in once it is back', async () => {
    await idp.stop();
    const late = await startTestApp(
      {
        SERVICE_PUBLIC_URL: PUBLIC_URL,
        SERVICE_OIDC_ISSUER: idp.issuer,
        SERVICE_OIDC_CLIENT_ID: idp.clientId,
        SERVICE_OIDC_CLIENT_SECRET: idp.clientSecret,
      },
      {
        identityProvider: new OpenIdConnectProvider({
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          displayName: 'Family ID',
          retryDiscoveryAfterMs: 0,
        }),
      },
    );
    try {
      const browser = request.agent(late.app);
      const down = await browser
        .post('/api/v1/auth/oidc/start')
        .type('form')
        .send({ intent: 'login', next: '/' });
      expect(down.status).toBe(303);
      expect(down.headers['location']).toBe('/?oidc=failed');
      await late.login(late.owner.username, late.owner.password);

      await idp.start();
      const up = await browser
        .post('/api/v1/auth/oidc/start')
        .type('form')
        .send({ intent: 'login', next: '/' });
      expect(String(up.headers['location']).startsWith(idp.issuer)).toBe(true);
      const back = new URL(
        await idp.signIn(String(up.headers['location']), { as: { subject: 'nobody-here' } }),
      );
      const finished = await browser.get(`${back.pathname}${back.search}`);
      expect(finished.headers['location']).toBe('/?oidc=unlinked');
    } finally {
      await late.close();
    }
  });
});

describe('with mail: invitations finished through the provider', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailing: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailing = await startTestApp(
      {
        SERVICE_PUBLIC_URL: PUBLIC_URL,
        SERVICE_OIDC_ISSUER: idp.issuer,
        SERVICE_OIDC_CLIENT_ID: idp.clientId,
        SERVICE_OIDC_CLIENT_SECRET: idp.clientSecret,
        SERVICE_OIDC_NAME: 'Family ID',
        SERVICE_SMTP_HOST: '127.0.0.1',
        SERVICE_SMTP_PORT: String(sink.port),
        SERVICE_SMTP_SECURITY: 'none',
        SERVICE_SMTP_FROM: 'larder@example.org',
      },
      {
        mailer: quickMailer(),
        identityProvider: new OpenIdConnectProvider({
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          displayName: 'Family ID',
          retryDiscoveryAfterMs: 0,
        }),
      },
    );
  });
  afterAll(async () => {
    await mailing.close();
    await sink.stop();
  });

  /** Invites `username` by mail and finishes the setup through the provider as `person`. */
  async function inviteAndFinish(username: string, person: TestPerson) {
    const created = await request(mailing.app)
      .post('/api/v1/users')
      .set('Cookie', mailing.owner.cookie)
      .send({ username, role: 'user', email: `${username}@example.org` });
    expect(created.body.setupLink.mailedTo).toBe(`${username}@example.org`);
    const token = String(created.body.setupLink.path).replace('/setup/', '');
    const browser = request.agent(mailing.app);
    const toProvider = await browser
      .post('/api/v1/auth/oidc/start')
      .type('form')
      .send({ intent: 'setup', setup: token, next: '/' });
    const back = new URL(await idp.signIn(String(toProvider.headers['location']), { as: person }));
    expect((await browser.get(`${back.pathname}${back.search}`)).headers['location']).toBe('/');
    return browser;
  }

  it('confirms the address the invitation was mailed to, whatever the provider says of its own', async () => {
    const browser = await inviteAndFinish('max', { subject: 'sub-max', email: 'max@elsewhere.example' });
    expect((await browser.get('/api/v1/auth/me')).body).toMatchObject({
      username: 'max',
      emailVerified: true,
      emailConfirmationPending: false,
    });
  });

  it('gets a hint to sign in with the provider, not a link, for a forgotten password', async () => {
    await inviteAndFinish('lou', { subject: 'sub-lou', email: 'lou@example.org', email_verified: true });
    sink.clear();
    await request(mailing.app).post('/api/v1/auth/password/forgot').send({ login: 'lou' });
    await mailing.settled();
    const hint = await sink.waitFor('lou@example.org');
    expect(hint.text).toContain('Family ID');
    expect(hint.text).not.toContain('/setup/');
  });
});

describe('while single sign-on is off', () => {
  it('says so, and its start and callback addresses name nothing (404, as the reference answers)', async () => {
    const off = await startTestApp();
    try {
      expect((await request(off.app).get('/api/v1/auth/oidc')).body).toMatchObject({ enabled: false });
      const started = await request(off.app)
        .post('/api/v1/auth/oidc/start')
        .type('form')
        .send({ intent: 'login', next: '/' });
      const finished = await request(off.app).get('/api/v1/auth/oidc/callback?code=x&state=y');
      const overlong = await request(off.app).get(`/api/v1/auth/oidc/callback?state=${'y'.repeat(600)}`);
      const described = (await request(off.app).get('/api/v1/openapi.json')).body.paths;
      expect(Object.keys(described['/api/v1/auth/oidc/start'].post.responses)).toContain('404');
      expect(Object.keys(described['/api/v1/auth/oidc/callback'].get.responses)).toContain('404');
      for (const res of [started, finished, overlong]) {
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ type: 'urn:larder:problem:sign_on.off', status: 404 });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    } finally {
      await off.close();
    }
  });
});

describe('a provider that is down when the service starts', () => {
  it('is logged with its reason, without a stack trace, and the service serves', async () => {
    const service = await startServiceProcess({
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      // Nothing listens on port 9 (discard) here: the connection is refused at once.
      SERVICE_OIDC_ISSUER: 'http://127.0.0.1:9',
      SERVICE_OIDC_CLIENT_ID: 'larder',
    });
    try {
      const deadline = Date.now() + 60_000;
      const notice = () =>
        service
          .output()
          .split('\n')
          .find((line) => line.includes('not reachable yet'));
      while (!notice() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const line = JSON.parse(notice() ?? '{}') as Record<string, unknown>;
      expect(line['why']).toMatch(/^discovery at http:\/\/127\.0\.0\.1:9\/ failed: /);
      expect(service.output()).not.toContain('"stack"');
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    } finally {
      await service.stop();
    }
  }, 90_000);
});
