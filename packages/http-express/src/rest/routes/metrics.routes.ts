import { timingSafeEqual } from 'node:crypto';
import { PUBLIC } from '../../operations/operation.js';
import { problem } from '../problem.js';
import type { RestRouteModule } from './route-module.js';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `GET /metrics` in Prometheus' text format, for the operator's scraper: off unless SERVICE_METRICS_TOKEN is set. */
export const metricsRoutes: RestRouteModule = ({ table, config, metrics }) => {
  table.add({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'The service’s metrics in Prometheus text format',
    description:
      'Requests by operation id and status class with their latency, the database pool, the read cache’s hits, ' +
      'the photo renderer’s queue, the mail outbox, and the process (memory, CPU, event loop). Off (404) unless ' +
      'SERVICE_METRICS_TOKEN is set; then the scraper sends it as `Authorization: Bearer <token>` (401 otherwise). ' +
      'Not an API token: members’ credentials never open it.',
    tag: 'service',
    access: PUBLIC,
    responses: { 200: { content: 'text/plain', description: 'Prometheus text exposition format 0.0.4' } },
    errors: [401, 404],
    handle: async ({ req, res }) => {
      const expected = config.metricsToken;
      if (!expected) throw problem(404, 'Metrics are off: set SERVICE_METRICS_TOKEN to turn them on.');
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, expected)) throw problem(401, 'Send the metrics token as a bearer token.');
      res.status(200).type(metrics.registry.contentType).set('Cache-Control', 'no-store');
      res.send(await metrics.registry.metrics());
    },
  });
};
