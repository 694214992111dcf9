// Makes the durable job queue reachable as `app.jobs`: modules define their jobs while the app loads, workers start when it is ready.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

function jobsPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const jobs = createJobQueue({
    database: app.database,
    logger: app.log,
    work: app.config.jobWorkers,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  // Plugins that own what handlers use (the mail transport) stop the queue before closing it;
  // stopping twice is harmless.
  app.addHook('onClose', () => jobs.stop());
  done();
}

export default fp(jobsPlugin, { name: 'costory-jobs', dependencies: ['costory-db'] });
