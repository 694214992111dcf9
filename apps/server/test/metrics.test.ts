// GET /metrics (issue 15): off unless METRICS=true; then requests by route pattern, job attempts and queue depth, export renders, and the process, in Prometheus's text format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { buildReport } from './exports/report-fixtures';
import { testDatabaseKind } from './helpers/test-db';

describe('GET /metrics', () => {
  it('does not exist unless METRICS=true', async () => {
    const ctx = await buildTestApp();
    try {
      // Whatever the rest of the app answers (here: the web app is not built), never metrics.
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toContain('costory_http_requests_total');
    } finally {
      await ctx.close();
    }
  });

  describe('with METRICS=true', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await buildTestApp({ config: { metrics: true, jobWorkers: false } });
    });
    afterAll(() => ctx.close());

    const scrape = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.body;
    };

    it('counts requests by route pattern and status, never by URL', async () => {
      for (const code of ['first-code', 'second-code']) {
        await ctx.app.inject({ method: 'GET', url: `/api/v1/access-codes/${code}` });
      }
      const body = await scrape();
      expect(body).toMatch(
        /costory_http_requests_total\{method="GET",route="\/api\/v1\/access-codes\/:code",status="200"\} 2\b/,
      );
      expect(body).toMatch(
        /costory_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/access-codes\/:code",status="200"\} 2\b/,
      );
      expect(body).not.toContain('first-code');
    });

    it('reports job attempts, failures and queue depth', async () => {
      ctx.app.jobs.define<{ n: number }>({
        name: 'test.metrics',
        queue: { retryLimit: 0 },
        handle: (job) => (job.data.n === 2 ? Promise.reject(new Error('no')) : Promise.resolve()),
      });
      await ctx.app.jobs.stop();
      await ctx.app.jobs.start();
      await ctx.app.jobs.send(ctx.app.db, 'test.metrics', [{ data: { n: 1 } }, { data: { n: 2 } }]);
      expect(await scrape()).toMatch(/costory_job_queue_depth\{queue="test\.metrics"\} 2\b/);
      await ctx.app.jobs.drain();
      const body = await scrape();
      expect(body).toMatch(
        /costory_job_duration_seconds_count\{queue="test\.metrics",outcome="completed"\} 1\b/,
      );
      expect(body).toMatch(/costory_jobs_failed_total\{queue="test\.metrics"\} 1\b/);
      expect(body).toMatch(/costory_job_queue_depth\{queue="test\.metrics"\} 0\b/);
      expect(body).toMatch(/costory_job_queue_depth\{queue="mail\.deliver"\} 0\b/);
    });

    it('reports export renders by format with their size, and the process and pool', async () => {
      const bytes = await ctx.app.exportRenderer.render(buildReport(), 'xlsx');
      const body = await scrape();
      expect(body).toMatch(/costory_export_duration_seconds_count\{format="xlsx"\} 1\b/);
      expect(body).toMatch(
        new RegExp(`costory_export_size_bytes_sum\\{format="xlsx"\\} ${bytes.length}\\b`),
      );
      expect(body).toContain('process_resident_memory_bytes');
      if (testDatabaseKind() === 'postgres') {
        expect(body).toMatch(/costory_db_pool_connections\{state="total"\} \d+/);
      }
    });
  });
});
