import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

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
  /^\/recipes\/[^/]+\/cook\/?$/,
  /^\/profile\/?$/,
  /^\/sign-in\/?$/,
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
}

export class WebApp {
  private constructor(
    private readonly dir: string,
    private readonly index: string,
  ) {}

  /** The built app in `dir`, or null when there is none (not built, or turned off). */
  static open(dir: string | null): WebApp | null {
    if (!dir) return null;
    const file = join(dir, 'index.html');
    if (!existsSync(file)) return null;
    return new WebApp(dir, readFileSync(file, 'utf8'));
  }

  /** Sends the app's page for one of its screens. */
  send(res: Response, status = 200, options: ShellOptions = {}): void {
    let page = this.index;
    if (options.title !== undefined)
      page = page.replace(/<title>[^<]*<\/title>/, `<title>${options.title}</title>`);
    if (options.head) page = page.replace('</head>', `${options.head}\n</head>`);
    if (options.noscript)
      page = page.replace(/<noscript>[\s\S]*?<\/noscript>/, `<noscript>${options.noscript}</noscript>`);
    res
      .status(status)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': APP_CSP,
        'Cache-Control': 'no-cache',
        'Referrer-Policy': 'same-origin',
        'X-Frame-Options': 'DENY',
      })
      .send(page);
  }

  /**
   * The app's files (`/assets/…` named by their content: cached for a year) and its shell for
   * every screen's address; any other page address a browser asks for gets the shell with 404,
   * which shows the app's "nothing here".
   */
  handler(): RequestHandler {
    const files = express.static(this.dir, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders: (res, path) => {
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
        res.setHeader(
          'Cache-Control',
          path.includes(`${join(this.dir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (req.path === '/index.html') return this.send(res);
      const own = SERVICE_PREFIXES.some(
        (prefix) => req.path === prefix.replace(/\/$/, '') || req.path.startsWith(prefix),
      );
      if (req.path.startsWith('/assets/') || /^\/[^/]+\.[a-z0-9]+$/i.test(req.path))
        return files(req, res, next);
      if (own) return next();
      if (APP_PATHS.some((pattern) => pattern.test(req.path))) return this.send(res);
      if (req.accepts(['json', 'html']) === 'html') return this.send(res, 404);
      next();
    };
  }
}

/** For a mailed link opened without script: the script-free page of the same address still works. */
export const PLAIN_PAGE_NOSCRIPT =
  '<p class="noscript">Larder\'s app needs JavaScript. <a href="?plain=1">Open this link without it</a>.</p>';
