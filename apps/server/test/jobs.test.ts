// Durable jobs shared by the server processes (issue 15, decision 0035): sent with their transaction, each taken once, taken again after a killed process, failures kept.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../src/db/database';
import { outboxMails } from '../src/db/schema';
import { MAIL_QUEUE } from '../src/modules/mail/mail.service';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { freePort } from './helpers/listen';
import { startTestSmtpServer, type TestSmtpServer } from './helpers/smtp';
import { createTestDatabase } from './helpers/test-db';

const COUNT_QUEUE = 'test.count';
const FAIL_QUEUE = 'test.fail';

/** What the test jobs did, per app ("process"). */
interface Worked {
  counted: number[];
  failedForGood: string[];
}

function withTestJobs(worked: Worked) {
  return (app: TestApp['app']) => {
    app.jobs.define<{ n: number }>({
      name: COUNT_QUEUE,
      queue: { retryLimit: 2, retryDelay: 1, expireInSeconds: 60 },
      async handle(job) {
        // Long enough that two processes draining together would overlap on a shared job.
        await new Promise((resolve) => setTimeout(resolve, 5));
        worked.counted.push(job.data.n);
      },
    });
    app.jobs.define<{ reason: string }>({
      name: FAIL_QUEUE,
      queue: { retryLimit: 1, retryDelay: 1 },
      handle(job) {
        return Promise.reject(new Error(`cannot: ${job.data.reason}`));
      },
      failedForGood(job) {
        worked.failedForGood.push(job.data.reason);
        return Promise.resolve();
      },
    });
  };
}

interface JobRow {
  state: string;
  retry_count: number;
  output: { message?: string } | null;
}

async function jobsOf(app: TestApp['app'], queue: string): Promise<JobRow[]> {
  return selectRows<JobRow>(
    app.db,
    sql`select state, retry_count, output from pgboss.job where name = ${queue} order by created_on`,
  );
}

describe('durable jobs on two processes sharing a database', () => {
  let database: Database;
  let first: TestApp;
  let second: TestApp;
  const firstWorked: Worked = { counted: [], failedForGood: [] };
  const secondWorked: Worked = { counted: [], failedForGood: [] };

  beforeAll(async () => {
    database = await createTestDatabase();
    // Workers off: the tests decide which process works when (drain), so nothing races them.
    first = await buildTestApp({
      database,
      config: { jobWorkers: false },
      routes: withTestJobs(firstWorked),
    });
    second = await buildTestApp({
      database,
      config: { jobWorkers: false },
      routes: withTestJobs(secondWorked),
    });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('keeps a job only when its transaction commits', async () => {
    await expect(
      first.app.db.transaction(async (tx) => {
        await first.app.jobs.send(tx, COUNT_QUEUE, [{ data: { n: -1 } }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await jobsOf(first.app, COUNT_QUEUE)).toEqual([]);

    await first.app.db.transaction((tx) =>
      first.app.jobs.send(tx, COUNT_QUEUE, [{ data: { n: 0 } }]),
    );
    await second.app.jobs.drain();
    expect(secondWorked.counted).toEqual([0]);
    expect(await jobsOf(first.app, COUNT_QUEUE)).toMatchObject([{ state: 'completed' }]);
    secondWorked.counted.length = 0;
  });

  it('gives each job to one process when both work the queue at once', async () => {
    const numbers = Array.from({ length: 40 }, (_, index) => index + 1);
    await first.app.jobs.send(
      first.app.db,
      COUNT_QUEUE,
      numbers.map((n) => ({ data: { n } })),
    );
    await Promise.all([first.app.jobs.drain(), second.app.jobs.drain()]);
    const all = [...firstWorked.counted, ...secondWorked.counted].sort((a, b) => a - b);
    expect(all).toEqual(numbers);
    // Both took part (each fetches a batch of 5 at a time).
    expect(firstWorked.counted.length).toBeGreaterThan(0);
    expect(secondWorked.counted.length).toBeGreaterThan(0);
    firstWorked.counted.length = 0;
    secondWorked.counted.length = 0;
  });

  it('takes again, on another process, a job whose process was killed while working it', async () => {
    await first.app.jobs.send(first.app.db, COUNT_QUEUE, [{ data: { n: 99 } }]);
    // The first process takes the job and dies before completing it: pg-boss sees it active
    // since longer than it may run.
    await first.app.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '2 minutes'
          where name = ${COUNT_QUEUE} and state = 'created'`,
    );
    await second.app.jobs.drain();
    expect(secondWorked.counted).toEqual([]);
    // Maintenance (every 30 s in one process) expires it into a retry; its back-off passes.
    await second.app.jobs.maintain();
    await second.app.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${COUNT_QUEUE} and state = 'retry'`,
    );
    await second.app.jobs.drain();
    expect(secondWorked.counted).toEqual([99]);
    expect((await jobsOf(second.app, COUNT_QUEUE)).at(-1)).toMatchObject({
      state: 'completed',
      retry_count: 1,
    });
    secondWorked.counted.length = 0;
  });

  it('keeps a job that failed for good with its error, logs it, and tells its queue once', async () => {
    await first.app.jobs.send(first.app.db, FAIL_QUEUE, [{ data: { reason: 'disk full' } }]);
    await first.app.jobs.drain();
    expect(await jobsOf(first.app, FAIL_QUEUE)).toMatchObject([{ state: 'retry' }]);
    await first.app.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${FAIL_QUEUE}`,
    );
    await first.app.jobs.drain();
    expect(await jobsOf(first.app, FAIL_QUEUE)).toMatchObject([
      { state: 'failed', retry_count: 1, output: { message: 'cannot: disk full' } },
    ]);
    expect(firstWorked.failedForGood).toEqual(['disk full']);
    expect(first.logs.lines.some((line) => line.includes('job failed for good'))).toBe(true);
  });
});

describe('mail delivery jobs on two processes', () => {
  let database: Database;
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const port = await freePort();
    smtp = await startTestSmtpServer(port);
    const config = { smtpUrl: `smtp://127.0.0.1:${port}`, jobWorkers: false };
    first = await buildTestApp({ database, config });
    second = await buildTestApp({ database, config });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await smtp.close();
    await database.close();
  });

  it('sends every mail exactly once when both processes deliver at the same time', async () => {
    for (let index = 0; index < 12; index += 1) {
      await first.app.db.transaction((tx) =>
        first.app.mail.queue(tx, {
          recipient: `once-${index}@example.test`,
          subject: `Mail ${index}`,
          text: 'Hello',
          html: '<p>Hello</p>',
        }),
      );
    }
    await Promise.all([first.app.mail.deliverDue(), second.app.mail.deliverDue()]);
    const received = smtp.mails.filter((mail) => mail.to.some((to) => to.startsWith('once-')));
    expect(received.map((mail) => mail.subject).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `Mail ${index}`).sort(),
    );
    const rows = await first.app.db.select().from(outboxMails);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('queues at start a pending mail that has no delivery job, and sends it once', async () => {
    const [row] = await first.app.db
      .insert(outboxMails)
      .values({
        recipient: 'adopted@example.test',
        subject: 'From before the upgrade',
        text: 'Hello',
        html: '<p>Hello</p>',
        status: 'pending',
      })
      .returning();
    // Two processes start at once and both look for such mails.
    await Promise.all([first.app.mail.adoptPendingMails(), second.app.mail.adoptPendingMails()]);
    const jobs = await selectRows<{ count: number }>(
      first.app.db,
      sql`select count(*)::int as count from pgboss.job
          where name = ${MAIL_QUEUE} and singleton_key = ${`mail:${row?.id}`}`,
    );
    expect(jobs[0]?.count).toBeGreaterThanOrEqual(1);
    await Promise.all([first.app.mail.deliverDue(), second.app.mail.deliverDue()]);
    expect(smtp.mails.filter((mail) => mail.to.includes('adopted@example.test'))).toHaveLength(1);
  });
});
