import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PUBLIC } from '../../operations/operation.js';
import type { RestRouteModule } from './route-module.js';

export const API_DOCS_PATH = '/api/docs';

/** The reference renderer's browser bundle, from the package itself: no CDN, works offline. */
function scalarBundle(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(main), 'browser', 'standalone.js');
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
</head>
<body>
<div id="api-reference"></div>
<script src="${API_DOCS_PATH}/scalar.js"></script>
<script src="${API_DOCS_PATH}/start.js"></script>
</body>
</html>
`;

/** The renderer, told where the description is and to fetch nothing from elsewhere (no web fonts, no proxy). */
const START = `Scalar.createApiReference('#api-reference', {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: 'json',
  persistAuth: false,
  defaultOpenAllTags: false,
  hideModels: false,
  metaData: { title: 'Larder API reference' },
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
    handle: async ({ res }) => {
      const file = scalarBundle();
      const { size, mtimeMs } = await stat(file);
      res.status(200).set({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': String(size),
        'Cache-Control': 'public, max-age=86400',
        ETag: `"scalar-${size}-${Math.round(mtimeMs)}"`,
      });
      createReadStream(file).pipe(res);
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
