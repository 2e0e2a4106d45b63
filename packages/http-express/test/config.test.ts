import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig: SERVICE_TRUSTED_PROXIES', () => {
  it.each(['loopback', '10.0.0.5', '172.16.0.0/12', 'fd00::/8', '::1', 'loopback, 192.168.1.0/24'])(
    'takes %j',
    (value) => {
      const { trustedProxies } = loadConfig({ SERVICE_TRUSTED_PROXIES: value });
      expect(trustedProxies.length).toBeGreaterThan(0);
      // Express takes it as it is (it compiles the list at once, and throws on what it cannot read).
      expect(() => express().set('trust proxy', trustedProxies)).not.toThrow();
    },
  );

  it('takes the keywords in any letter case, as the other one-word settings', () => {
    const { trustedProxies } = loadConfig({ SERVICE_TRUSTED_PROXIES: 'LOOPBACK, LinkLocal,uniqueLocal' });
    expect(trustedProxies).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(() => express().set('trust proxy', trustedProxies)).not.toThrow();
  });

  // Each of these passed a looser check before and then stopped the start with express's stack trace.
  it.each(['999.1.1.1', '10.0.0.0/99', ':', 'fd00::/129', '10.0.0.1/8/8', 'proxy.example'])(
    'refuses %j as a wrong setting (exit 2), naming it',
    (value) => {
      expect(() => loadConfig({ SERVICE_TRUSTED_PROXIES: value })).toThrow(ConfigError);
      expect(() => loadConfig({ SERVICE_TRUSTED_PROXIES: value })).toThrow(value);
    },
  );
});

describe('loadConfig: SERVICE_PUBLIC_URL', () => {
  it.each(['https://recipes.example.org', 'http://192.168.1.5:8060/', 'https://recipes.example.org//'])(
    'takes %j',
    (value) => {
      expect(loadConfig({ SERVICE_PUBLIC_URL: value }).publicUrl).toBe(value.replace(/\/+$/, ''));
    },
  );

  // Written in capitals, the URL passed the cross-site check as https://x.org, but the session
  // cookie went without Secure and the setup link was logged as written.
  it.each([
    ['HTTPS://X.ORG:443/', 'https://x.org', true],
    ['Https://Recipes.Example.org', 'https://recipes.example.org', true],
    ['HTTP://192.168.1.5:80', 'http://192.168.1.5', false],
    ['http://[::1]:8060/', 'http://[::1]:8060', false],
  ])('takes %j as the origin %j, Secure cookies %j', (value, publicUrl, secureCookies) => {
    expect(loadConfig({ SERVICE_PUBLIC_URL: value })).toMatchObject({ publicUrl, secureCookies });
  });

  it.each([
    ['https://x.example/?a=b#frag', 'query or fragment'],
    ['https://x.example/?', 'query or fragment'],
    ['https://x.example/#', 'query or fragment'],
    ['https://larder:secret@x.example', 'user or password'],
    ['https://larder@x.example/', 'user or password'],
    ['https://@x.example/', 'user or password'],
    ['ftp://x.example', 'absolute http(s) URL'],
    // Links got the prefix, but the app and the API are answered at the root: the app never loaded.
    ['https://example.org/larder/', 'served at the root of its address'],
    ['https://example.org/larder', 'served at the root of its address'],
    ['x.example', 'absolute http(s) URL'],
    ['https://x.example:0/', 'port 0'],
  ])('refuses %j as a wrong setting (exit 2), saying why', (value, why) => {
    expect(() => loadConfig({ SERVICE_PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVICE_PUBLIC_URL: value })).toThrow(why);
  });
});

describe('loadConfig: SERVICE_S3_ENDPOINT', () => {
  it.each(['http://minio:9000', 'https://s3.eu-central-1.amazonaws.com', 'HTTP://127.0.0.1:9000/'])(
    'takes %j',
    (value) => {
      expect(loadConfig({ SERVICE_S3_BUCKET: 'larder', SERVICE_S3_ENDPOINT: value }).s3?.endpoint).toBe(
        value,
      );
    },
  );

  // Each of these was taken; then every upload answered 503 and `larder check` said ok.
  it.each(['minio:9000', 'minio', 'ftp://minio:9000', 'http://', '//minio:9000'])(
    'refuses %j as a wrong setting (exit 2), naming it',
    (value) => {
      expect(() => loadConfig({ SERVICE_S3_BUCKET: 'larder', SERVICE_S3_ENDPOINT: value })).toThrow(
        new ConfigError(
          `SERVICE_S3_ENDPOINT must be the S3 server's http(s) URL (http://minio:9000), not "${value}"`,
        ),
      );
    },
  );

  it('refuses a user or password in it without repeating them (they belong in the key settings)', () => {
    for (const value of ['http://larder:s3cret@minio:9000', 'larder:s3cret@minio:9000']) {
      let refusal: unknown;
      try {
        loadConfig({ SERVICE_S3_BUCKET: 'larder', SERVICE_S3_ENDPOINT: value });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toMatch(/must not hold a user or password/);
      expect((refusal as Error).message).not.toContain('s3cret');
    }
  });
});

describe('loadConfig: SERVICE_ADDR', () => {
  it.each([
    [':8060', undefined, 8060],
    ['127.0.0.1:8060', '127.0.0.1', 8060],
    ['[::1]:8060', '::1', 8060],
    ['localhost:0', 'localhost', 0],
    ['larder.lan:80', 'larder.lan', 80],
  ])('takes %j', (value, host, port) => {
    expect(loadConfig({ SERVICE_ADDR: value })).toMatchObject({ host, port });
  });

  // An address to listen on, not a URL: each of these passed and then failed to listen, unseen.
  it.each(['http://127.0.0.1:8060', '127.0.0.1:8060/', '[larder.lan]:8060', '::1:8060', 'a b:8060', ''])(
    'refuses %j as a wrong setting (exit 2)',
    (value) => {
      expect(() => loadConfig({ SERVICE_ADDR: value })).toThrow(
        new ConfigError(`SERVICE_ADDR must look like ":8060" or "127.0.0.1:8060", not "${value}"`),
      );
    },
  );
});

describe('loadConfig: SERVICE_LOG_LEVEL', () => {
  it.each([
    [undefined, 'info'],
    ['debug', 'debug'],
    ['WARN', 'warn'],
    ['silent', 'silent'],
  ])('takes %j', (value, level) => {
    expect(loadConfig(value === undefined ? {} : { SERVICE_LOG_LEVEL: value }).logLevel).toBe(level);
  });

  // pino refused these only once the start was under way, with its stack.
  it.each(['verbose', '', '30'])('refuses %j as a wrong setting (exit 2)', (value) => {
    expect(() => loadConfig({ SERVICE_LOG_LEVEL: value })).toThrow(
      new ConfigError('SERVICE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'),
    );
  });
});

describe('loadConfig: SERVICE_DATABASE_URL', () => {
  it.each([
    'postgres://larder:secret@db:5432/larder',
    'postgresql://larder@127.0.0.1/larder?sslmode=require',
  ])('takes %j', (value) => {
    expect(loadConfig({ SERVICE_DATABASE_URL: value }).databaseUrl).toBe(value);
  });

  it.each(['', '   '])('takes %j as unset: the embedded database', (value) => {
    expect(loadConfig({ SERVICE_DATABASE_URL: value }).databaseUrl).toBeUndefined();
  });

  // Each of these was taken and then failed the start with pg's stack ('getaddrinfo ENOTFOUND base').
  it.each([
    'not a url',
    '127.0.0.1:5432/larder',
    'mysql://u:secret@127.0.0.1:3306/db',
    'http://db:5432/larder',
  ])('refuses %j as a wrong setting (exit 2), without repeating it', (value) => {
    expect(() => loadConfig({ SERVICE_DATABASE_URL: value })).toThrow(
      /^SERVICE_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => loadConfig({ SERVICE_DATABASE_URL: value })).not.toThrow(/secret/);
  });
});

describe('loadConfig: empty values', () => {
  it.each(['', '  '])('takes SERVICE_DATA_DIR=%j as unset: ./data, not the working directory', (value) => {
    expect(loadConfig({ SERVICE_DATA_DIR: value }).dataDir).toBe('./data');
  });

  it('keeps a data directory as written', () => {
    expect(loadConfig({ SERVICE_DATA_DIR: '/srv/larder data' }).dataDir).toBe('/srv/larder data');
  });

  // What docs/configuration.md says of empty values: every other variable takes one as unset.
  const REFUSING_EMPTY = [
    'SERVICE_ADDR',
    'SERVICE_LOG_LEVEL',
    'SERVICE_LOG_FORMAT',
    'SERVICE_BCRYPT_COST',
    'SERVICE_IMAGE_WORKERS',
  ];
  it.each(REFUSING_EMPTY)('refuses %s set but empty (exit 2)', (name) => {
    expect(() => loadConfig({ [name]: '' })).toThrow(ConfigError);
  });

  it('takes every other variable set but empty as unset', () => {
    const others = [
      'SERVICE_DATA_DIR',
      'SERVICE_DATABASE_URL',
      'SERVICE_ADMIN_USER',
      'SERVICE_ADMIN_PASSWORD',
      'SERVICE_PUBLIC_URL',
      'SERVICE_TRUSTED_PROXIES',
      'SERVICE_READ_CACHE',
      'SERVICE_S3_BUCKET',
      'SERVICE_IMAGE_RENDERER',
      'SERVICE_SMTP_HOST',
      'SERVICE_OIDC_ISSUER',
      'SERVICE_OIDC_CLIENT_ID',
      'SERVICE_DRAFT_ALLOW_HOSTS',
      'SERVICE_METRICS_TOKEN',
      'SERVICE_WEB_DIR',
    ];
    const empty = Object.fromEntries(others.map((name) => [name, '']));
    expect(loadConfig(empty)).toEqual(loadConfig({}));
  });
});

describe('loadConfig: SERVICE_METRICS_TOKEN', () => {
  // A secret is taken as written (docs/configuration.md): it was trimmed, so a scraper sending the
  // token as written in the file was refused.
  it('is taken as written: spaces around it are refused, not cut', () => {
    expect(loadConfig({ SERVICE_METRICS_TOKEN: 'scrape-me-0123456789' }).metricsToken).toBe(
      'scrape-me-0123456789',
    );
    expect(() => loadConfig({ SERVICE_METRICS_TOKEN: ' scrape-me-0123456789 ' })).toThrow(
      new ConfigError('SERVICE_METRICS_TOKEN must be at least 16 characters without spaces'),
    );
  });
});

describe('loadConfig: numbers', () => {
  it('takes decimal digits', () => {
    expect(loadConfig({ SERVICE_BCRYPT_COST: '12', SERVICE_IMAGE_WORKERS: ' 4 ' })).toMatchObject({
      bcryptCost: 12,
      imageWorkers: 4,
    });
  });

  // Number() read each of these as a number in range.
  it.each(['0xc', '1.2e1', '12.0', '+12'])('refuses SERVICE_BCRYPT_COST=%j (exit 2)', (value) => {
    expect(() => loadConfig({ SERVICE_BCRYPT_COST: value })).toThrow(
      new ConfigError('SERVICE_BCRYPT_COST must be an integer from 10 to 15'),
    );
  });

  it.each(['0x2', '2e0', '2.0'])('refuses SERVICE_IMAGE_WORKERS=%j (exit 2)', (value) => {
    expect(() => loadConfig({ SERVICE_IMAGE_WORKERS: value })).toThrow(
      new ConfigError('SERVICE_IMAGE_WORKERS must be an integer from 1 to 32'),
    );
  });
});

describe('loadConfig: SERVICE_DRAFT_ALLOW_HOSTS', () => {
  it('takes hosts, addresses and bracketed IPv6 addresses, with a port or without', () => {
    const value = 'a.lan, 127.0.0.1:8080, [::1]:8080, [fd00::5], recipes.lan:1, x.lan:65535';
    expect(loadConfig({ SERVICE_DRAFT_ALLOW_HOSTS: value }).draftAllowHosts).toEqual([
      'a.lan',
      '127.0.0.1:8080',
      '[::1]:8080',
      '[fd00::5]',
      'recipes.lan:1',
      'x.lan:65535',
    ]);
  });

  // a.lan:99999 was taken, and then matched no address the fetcher ever opens.
  it.each([
    'a.lan:99999',
    'a.lan:65536',
    'a.lan:0',
    '[::1]:70000',
    '[:::::]:8080',
    'http://a.lan',
    'a.lan/x',
  ])('refuses %j as a wrong setting (exit 2), naming it', (entry) => {
    expect(() => loadConfig({ SERVICE_DRAFT_ALLOW_HOSTS: `ok.lan, ${entry}` })).toThrow(
      new ConfigError(
        `SERVICE_DRAFT_ALLOW_HOSTS: "${entry}" is not host or host:port (a port from 1 to 65535)`,
      ),
    );
  });
});

describe('loadConfig: SERVICE_SMTP_PORT', () => {
  const mail = { SERVICE_SMTP_HOST: 'mail.example.org', SERVICE_SMTP_FROM: 'larder@example.org' };

  it.each([
    [undefined, 587],
    ['2525', 2525],
    [' 465 ', 465],
  ])('takes %j as %j', (value, port) => {
    const env = value === undefined ? mail : { ...mail, SERVICE_SMTP_PORT: value };
    expect(loadConfig(env).smtp?.port).toBe(port);
  });

  // Number() read each of these as 587.
  it.each([
    ['0x24b', 'must be decimal digits, from 1 to 65535'],
    ['5.87e2', 'must be decimal digits, from 1 to 65535'],
    ['587.0', 'must be decimal digits, from 1 to 65535'],
    ['+587', 'must be decimal digits, from 1 to 65535'],
    ['70000', 'must be from 1 to 65535'],
    ['0', 'must be from 1 to 65535'],
  ])('refuses %j (exit 2), saying why', (value, why) => {
    expect(() => loadConfig({ ...mail, SERVICE_SMTP_PORT: value })).toThrow(
      new ConfigError(`SERVICE_SMTP_PORT ${why}`),
    );
  });
});

describe('loadConfig: SERVICE_SMTP_SECURITY and SERVICE_SMTP_PORT without SERVICE_SMTP_HOST', () => {
  // They were ignored without a host, though a bad value stops the start (docs/configuration.md).
  it.each([
    ['SERVICE_SMTP_SECURITY', 'ssl', 'SERVICE_SMTP_SECURITY must be starttls, tls or none'],
    ['SERVICE_SMTP_PORT', '0x24b', 'SERVICE_SMTP_PORT must be decimal digits, from 1 to 65535'],
    ['SERVICE_SMTP_PORT', '0', 'SERVICE_SMTP_PORT must be from 1 to 65535'],
  ])('refuses %s=%j (exit 2)', (setting, value, message) => {
    expect(() => loadConfig({ [setting]: value })).toThrow(new ConfigError(message));
  });

  it('takes good ones, with mail off', () => {
    expect(loadConfig({ SERVICE_SMTP_SECURITY: 'tls', SERVICE_SMTP_PORT: '465' }).smtp).toBeUndefined();
  });
});

describe('loadConfig: spaces around a value', () => {
  // docs/configuration.md: spaces around a value are ignored, in numbers as in words.
  it('are ignored', () => {
    expect(
      loadConfig({
        SERVICE_BCRYPT_COST: ' 10',
        SERVICE_IMAGE_WORKERS: '4 ',
        SERVICE_LOG_FORMAT: ' pretty ',
        SERVICE_LOG_LEVEL: ' warn',
        SERVICE_PUBLIC_URL: ' https://x.org ',
      }),
    ).toMatchObject({
      bcryptCost: 10,
      imageWorkers: 4,
      logFormat: 'pretty',
      logLevel: 'warn',
      publicUrl: 'https://x.org',
    });
  });
});

describe('loadConfig: words in any letter case', () => {
  // docs/configuration.md: a setting that is one of a few words takes it in any letter case.
  it('takes capitals as the word', () => {
    const config = loadConfig({
      SERVICE_LOG_FORMAT: 'PRETTY',
      SERVICE_LOG_LEVEL: 'INFO',
      SERVICE_IMAGE_RENDERER: 'Jimp',
      SERVICE_READ_CACHE: 'OFF',
      SERVICE_SMTP_HOST: 'mail.example.org',
      SERVICE_SMTP_FROM: 'larder@example.org',
      SERVICE_SMTP_SECURITY: 'NONE',
    });
    expect(config).toMatchObject({ logFormat: 'pretty', logLevel: 'info', imageRenderer: 'jimp' });
    expect(config.smtp?.security).toBe('none');
  });
});

describe('loadConfig: SERVICE_WEB_DIR', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'larder-web-dir-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes off (in any letter case) as no app, and unset as the built packages/web/dist', () => {
    expect(loadConfig({ SERVICE_WEB_DIR: 'off' }).webDir).toBeNull();
    expect(loadConfig({ SERVICE_WEB_DIR: 'OFF' }).webDir).toBeNull();
    expect(loadConfig({}).webDir).toMatch(/packages\/web\/dist$/);
  });

  it('takes a directory that holds a built app', () => {
    const app = mkdtempSync(join(dir, 'app-'));
    writeFileSync(join(app, 'index.html'), '<!doctype html>');
    expect(loadConfig({ SERVICE_WEB_DIR: ` ${app} ` }).webDir).toBe(app);
  });

  // Each of these was taken without a word, and / then answered 404.
  it('refuses a directory that is not there (exit 2), naming it', () => {
    const missing = join(dir, 'dsit');
    expect(() => loadConfig({ SERVICE_WEB_DIR: missing })).toThrow(
      new ConfigError(
        `SERVICE_WEB_DIR: there is no directory ${missing} (the built web app, or off for none)`,
      ),
    );
    writeFileSync(join(dir, 'a-file'), '');
    expect(() => loadConfig({ SERVICE_WEB_DIR: join(dir, 'a-file') })).toThrow(/there is no directory/);
  });

  it('refuses a directory without index.html (exit 2): no built app', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    // An index.html that is a folder is no more an app than none.
    const odd = mkdtempSync(join(dir, 'odd-'));
    mkdirSync(join(odd, 'index.html'));
    for (const folder of [empty, odd])
      expect(() => loadConfig({ SERVICE_WEB_DIR: folder })).toThrow(
        new ConfigError(
          `SERVICE_WEB_DIR: ${folder} holds no index.html, so no built web app (npm run build makes packages/web/dist; off serves none)`,
        ),
      );
  });
});
