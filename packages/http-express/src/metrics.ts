import type { Database } from '@larder/adapters-postgres';
import type { ImageRenderer } from '@larder/domain';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the metrics read when they are scraped. */
export interface MetricSources {
  database: Database;
  /** Reads served from the read cache and reads that went to the database (absent: no cache). */
  cache?: () => { hits: number; misses: number };
  renderer: () => ImageRenderer;
  /** Mail waiting to go out, and mail whose last attempt failed. */
  outbox: () => Promise<{ waiting: number; failing: number }>;
}

/**
 * The service's Prometheus metrics (`GET /metrics`, docs/operations.md): requests by operation
 * and status class with their latency, the database pool, the read cache, the image renderer's
 * queue, the mail outbox, and the process (memory, CPU, event loop) — one registry per app.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'operation' | 'status'>;
  private readonly latency: Histogram<'operation'>;
  private readonly mail: Counter<'outcome'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'larder_' });
    this.requests = new Counter({
      name: 'larder_http_requests_total',
      help: 'Requests answered, by operation id and status class (2xx, 4xx, …)',
      labelNames: ['operation', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'larder_http_request_duration_seconds',
      help: 'Time to answer a request, by operation id',
      labelNames: ['operation'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    });
    this.mail = new Counter({
      name: 'larder_mail_deliveries_total',
      help: 'Mail the outbox handled, by outcome (sent, deferred, refused, expired, revoked)',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'larder_database_pool_connections',
      help: 'PostgreSQL pool connections by state (open, idle, and requests waiting for one); absent on the embedded database',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.database.pool();
        if (!pool) return;
        this.set({ state: 'open' }, pool.size);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'larder_read_cache_reads',
      help: 'Hot reads since the start, by where they were answered (cache or database)',
      labelNames: ['source'],
      registers,
      collect() {
        const stats = sources.cache?.();
        if (!stats) return;
        this.set({ source: 'cache' }, stats.hits);
        this.set({ source: 'database' }, stats.misses);
      },
    });
    new Gauge({
      name: 'larder_read_cache_hit_ratio',
      help: 'Share of hot reads answered from the read cache since the start',
      registers,
      collect() {
        const stats = sources.cache?.();
        if (!stats || stats.hits + stats.misses === 0) return;
        this.set(stats.hits / (stats.hits + stats.misses));
      },
    });
    new Gauge({
      name: 'larder_image_renders',
      help: 'Photos being rendered now and waiting their turn',
      labelNames: ['state'],
      registers,
      collect() {
        const load = sources.renderer().load();
        this.set({ state: 'rendering' }, load.rendering);
        this.set({ state: 'waiting' }, load.waiting);
      },
    });
    new Gauge({
      name: 'larder_mail_outbox',
      help: 'Mail waiting to go out, and mail whose last attempt failed (retried later)',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = await sources.outbox();
        this.set({ state: 'waiting' }, counts.waiting);
        this.set({ state: 'failing' }, counts.failing);
      },
    });
  }

  /** One answered request. */
  request(operation: string, status: number, seconds: number): void {
    this.requests.inc({ operation, status: `${Math.floor(status / 100)}xx` });
    this.latency.observe({ operation }, seconds);
  }

  /** One mail the outbox handled. */
  delivered(outcome: string): void {
    this.mail.inc({ outcome });
  }
}
