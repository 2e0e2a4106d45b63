import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PUBLIC } from '../../operations/operation.js';
import type { RestRouteModule } from './route-module.js';

export const API_DOCS_PATH = '/api/docs';

/** The reference renderer's browser bundle, from the package itself: no CDN, works offline. */
function scalarBundlePath(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(main), 'browser', 'standalone.js');
}

/**
 * The bundle as served: its web fonts (fetched from the renderer's own font host) become local
 * fonts, so the page asks nothing of any other origin and the system's fonts stand in. Made once.
 */
let bundle: Promise<{ body: Buffer; etag: string }> | undefined;
function scalarBundle(): Promise<{ body: Buffer; etag: string }> {
  bundle ??= readFile(scalarBundlePath(), 'utf8').then((text) => {
    const body = Buffer.from(
      text.replace(
        /url\(https:\/\/fonts\.scalar\.com\/([a-z0-9-]+)\.woff2\) format\("woff2"\)/g,
        'local("$1")',
      ),
    );
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  });
  return bundle;
}

/**
 * Scripts from this origin only (the bundle and the few lines that start it), styles inline (the
 * renderer sets them), no request anywhere but this origin, nothing framing the page.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Larder API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="api-reference"></div>
<script src="${API_DOCS_PATH}/scalar.js"></script>
<script src="${API_DOCS_PATH}/start.js"></script>
</body>
</html>
`;

/**
 * The renderer, told where the description is and to reach nothing elsewhere: no web fonts, no
 * telemetry, none of its hosted AI or MCP features, no request proxy.
 */
const START = `Scalar.createApiReference('#api-reference', {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  persistAuth: false,
  agent: { disabled: true },
  mcp: { disabled: true },
});
`;

/** `GET /api/docs`: the OpenAPI description as a browsable, searchable reference (docs/operations.md). */
export const apiDocsRoutes: RestRouteModule = ({ table }) => {
  table.add({
    method: 'get',
    path: API_DOCS_PATH,
    operationId: 'api-docs',
    summary: 'This API as a browsable, searchable reference page',
    description:
      'GET /api/v1/openapi.json rendered by Scalar from the files Larder ships (no CDN, works offline), under a ' +
      'Content-Security-Policy that lets the page reach nothing but this origin.',
    tag: 'service',
    access: PUBLIC,
    responses: { 200: { content: 'text/html', description: 'The reference page' } },
    handle: async ({ res }) => {
      res
        .status(200)
        .set({
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': DOCS_CSP,
          'Cache-Control': 'no-cache',
          'Referrer-Policy': 'no-referrer',
        })
        .send(PAGE);
    },
  });

  table.add({
    method: 'get',
    path: `${API_DOCS_PATH}/scalar.js`,
    operationId: 'api-docs-renderer',
    summary: 'The reference page’s renderer',
    tag: 'service',
    access: PUBLIC,
    hidden: true,
    responses: { 200: { content: 'text/javascript' } },
    handle: async ({ req, res }) => {
      const { body, etag } = await scalarBundle();
      res.set({ 'Cache-Control': 'public, max-age=86400', ETag: etag });
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return;
      }
      res.status(200).type('text/javascript; charset=utf-8').send(body);
    },
  });

  table.add({
    method: 'get',
    path: `${API_DOCS_PATH}/start.js`,
    operationId: 'api-docs-start',
    summary: 'What starts the reference page’s renderer',
    tag: 'service',
    access: PUBLIC,
    hidden: true,
    responses: { 200: { content: 'text/javascript' } },
    handle: async ({ res }) => {
      res
        .status(200)
        .set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
        .send(START);
    },
  });
};
