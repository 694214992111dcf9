// Prometheus metrics at /metrics when METRICS=true: requests by route, database pool, job queues, exports, and the process itself.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const SIZE_BUCKETS = [10_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000, 20_000_000];

/** Every metric of one app, in a registry of its own (tests build many apps in one process). */
function createMetrics(app: FastifyInstance): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'costory_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [register],
  });
  const durations = new Histogram({
    name: 'costory_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/v1/stories/:id), never the URL: ids would make a series each.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'not-found',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const database = app.database;
  if (database.kind === 'postgres') {
    const pool = database.client;
    new Gauge({
      name: 'costory_db_pool_connections',
      help: 'Connections of the database pool: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [register],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  new Gauge({
    name: 'costory_job_queue_depth',
    help: 'Background jobs waiting or running, by queue (all processes)',
    labelNames: ['queue'],
    registers: [register],
    async collect() {
      // Scraped while the database is down, the depth is unknown rather than an error.
      const depths = await app.jobs.depths().catch(() => new Map<string, number>());
      for (const [queue, depth] of depths) this.set({ queue }, depth);
    },
  });
  const jobDurations = new Histogram({
    name: 'costory_job_duration_seconds',
    help: 'Time of one job attempt in this process, by queue and outcome (completed, retry, failed)',
    labelNames: ['queue', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [register],
  });
  const jobsFailed = new Counter({
    name: 'costory_jobs_failed_total',
    help: 'Jobs that failed for good (kept by pg-boss with their error), by queue',
    labelNames: ['queue'],
    registers: [register],
  });
  app.jobs.onOutcome(({ queue, outcome, seconds }) => {
    jobDurations.observe({ queue, outcome }, seconds);
    if (outcome === 'failed') jobsFailed.inc({ queue });
  });

  const exportDurations = new Histogram({
    name: 'costory_export_duration_seconds',
    help: 'Time to render an export file, waiting for a worker included, by format',
    labelNames: ['format'],
    buckets: DURATION_BUCKETS,
    registers: [register],
  });
  const exportSizes = new Histogram({
    name: 'costory_export_size_bytes',
    help: 'Size of rendered export files, by format',
    labelNames: ['format'],
    buckets: SIZE_BUCKETS,
    registers: [register],
  });
  for (const renderer of [app.exportRenderer, app.backgroundRenderer]) {
    renderer.onRendered(({ format, seconds, bytes }) => {
      exportDurations.observe({ format }, seconds);
      exportSizes.observe({ format }, bytes);
    });
  }
  return register;
}

// Off unless METRICS=true: the figures say how the install is used, so an operator opts in and
// keeps /metrics to the internal network (docs/operations.md).
function metricsPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  if (!app.config.metrics) {
    done();
    return;
  }
  const register = createMetrics(app);
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(register.contentType).send(await register.metrics()),
  );
  done();
}

export default fp(metricsPlugin, {
  name: 'costory-metrics',
  dependencies: ['costory-db', 'costory-jobs', 'costory-export-renderer'],
});
