import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

/**
 * The household's web app (packages/web, built by Vite): its files under `/assets/`, and its one
 * page (the shell) for every address the app shows. The app is a client of the public API like
 * any other; the service only hands out its files, under a policy that lets the page load
 * nothing but this origin's scripts, styles and images and run no inline script.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "media-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Addresses of the app's screens (packages/web/src/router.ts): answered with the shell, 200. */
const APP_PATHS = [
  /^\/$/,
  /^\/recipes\/?$/,
  /^\/recipes\/[^/]+\/(?:cook|edit)\/?$/,
  /^\/(?:new|import|profile|sign-in)\/?$/,
  /^\/household(?:\/[a-z-]+)?\/?$/,
];

/** Where the service's own answers live: never the app's shell, whatever the client accepts. */
const SERVICE_PREFIXES = [
  '/api/',
  '/images/',
  '/avatars/',
  '/public-images/',
  '/link-preview/',
  '/s/',
  '/mcp',
  '/metrics',
  '/healthz',
  '/assets/',
];

export interface ShellOptions {
  /** Replaces the shell's `<title>`. */
  title?: string;
  /** Markup (already escaped) added to the end of `<head>`, e.g. link-preview tags. */
  head?: string;
  /** Markup (already escaped) for browsers without script, in place of the shell's notice. */
  noscript?: string;
  /** Headers that replace the shell's own (a link preview's `X-Robots-Tag`, `Cache-Control`). */
  headers?: Readonly<Record<string, string>>;
}

/** One of the app's files, held in memory with its gzip form (the whole app is a few hundred KB). */
interface AppFile {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
  etag: string;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.webmanifest', '.json', '.txt']);
const MAX_FILES = 500;

export class WebApp {
  private constructor(
    private readonly index: string,
    private readonly files: ReadonlyMap<string, AppFile>,
  ) {}

  /** The built app in `dir`, or null when there is none (not built, or turned off). */
  static open(dir: string | null): WebApp | null {
    if (!dir) return null;
    const file = join(dir, 'index.html');
    if (!existsSync(file)) return null;
    return new WebApp(readFileSync(file, 'utf8'), loadFiles(dir));
  }

  /** Sends the app's page for one of its screens. */
  send(res: Response, status = 200, options: ShellOptions = {}): void {
    // Replacements are functions: a replacement string would read `$&`, `$'`… in a recipe's
    // title as patterns and paste parts of the page into it.
    let page = this.index;
    const { title, head, noscript } = options;
    if (title !== undefined) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
    if (head) page = page.replace('</head>', () => `${head}\n</head>`);
    if (noscript)
      page = page.replace(/<noscript>[\s\S]*?<\/noscript>/, () => `<noscript>${noscript}</noscript>`);
    res
      .status(status)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': APP_CSP,
        'Cache-Control': 'no-cache',
        'Referrer-Policy': 'same-origin',
        'X-Frame-Options': 'DENY',
        ...options.headers,
      })
      .send(page);
  }

  /**
   * The app's files (`/assets/…` named by their content: cached for a year; gzip when the browser
   * takes it) and its shell for every screen's address; any other page address a browser asks
   * for gets the shell with 404, which shows the app's "nothing here".
   */
  handler(): RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (req.path === '/index.html') return this.send(res);
      const file = this.files.get(req.path);
      if (file) return sendFile(req, res, file);
      if (isServicePath(req.path)) return next();
      if (APP_PATHS.some((pattern) => pattern.test(req.path))) return this.send(res);
      if (wantsPage(req)) return this.send(res, 404);
      next();
    };
  }

  /**
   * A page address that is no valid percent-encoding (`/recipes/%E0%A4%A`), mounted before the
   * routes: the app's page with 404, which shows its "nothing here", as for any other address that
   * names nothing — the route it resembles would answer a 400 problem about a value it cannot
   * decode. The service's own paths, and clients that ask for JSON, keep that problem.
   */
  undecodablePages(): RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (decodes(req.path) || isServicePath(req.path) || !wantsPage(req)) return next();
      this.send(res, 404);
    };
  }
}

function isServicePath(path: string): boolean {
  return SERVICE_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/** A browser asking for a page (HTML before JSON). */
function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function loadFiles(dir: string): Map<string, AppFile> {
  const files = new Map<string, AppFile>();
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (files.size >= MAX_FILES) return;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else if (entry.isFile() && entry.name !== 'index.html') {
        const extension = extname(entry.name).toLowerCase();
        const body = readFileSync(path);
        const gzip = COMPRESSIBLE.has(extension) && body.length > 512 ? gzipSync(body, { level: 9 }) : null;
        files.set(`/${prefix}${entry.name}`, {
          body,
          gzip: gzip && gzip.length < body.length ? gzip : null,
          type: TYPES[extension] ?? 'application/octet-stream',
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
          immutable: prefix.startsWith('assets/'),
        });
      }
    }
  };
  walk(dir, '');
  return files;
}

function sendFile(req: Request, res: Response, file: AppFile): void {
  res.set({
    'Content-Type': file.type,
    'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    ETag: file.etag,
    Vary: 'Accept-Encoding',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  if (req.headers['if-none-match'] === file.etag) {
    res.status(304).end();
    return;
  }
  const gzip = file.gzip !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip && file.gzip ? file.gzip : file.body;
  if (gzip) res.set('Content-Encoding', 'gzip');
  res.set('Content-Length', String(body.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/** For a mailed link opened without script: the script-free page of the same address still works. */
export const PLAIN_PAGE_NOSCRIPT =
  '<p class="noscript">Larder\'s app needs JavaScript. <a href="?plain=1">Open this link without it</a>.</p>';
