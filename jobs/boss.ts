import type { PGlite } from '@electric-sql/pglite';
import type { Transaction } from 'kysely';
import { fromKysely, fromPglite, type JobResult, type JobWithMetadata, PgBoss, type Schedule } from 'pg-boss';
import type { FollowUp } from './follow-ups';
import type { JobDefinition } from './job';
import { type Mail, mailSchema, queuedMail, sendMailJob } from './mail/send-mail';
import { neededFollowUps } from './needed-follow-ups';
import { type JobDependencies, jobs } from './registry';

// biome-ignore lint/suspicious/noExplicitAny: the caller's transaction, on whatever schema it has
type AnyTrx = Transaction<any>;

export interface JobRunner {
  boss: PgBoss;
  /**
   * Starts this instance's workers and schedules, once (later calls wait for the first). Started by
   * `startJobs` itself unless it was told `work: 'later'`: the server starts them once it listens.
   */
  startWorkers: () => Promise<void>;
  /** Enqueues the follow-up jobs that freshly appended events ask for, on the append transaction. */
  enqueue: (trx: AnyTrx, followUps: readonly FollowUp[]) => Promise<void>;
  /** Enqueues one mail on the caller's transaction, so it exists exactly when the change does. */
  sendMail: (trx: AnyTrx, mail: Mail) => Promise<void>;
  stop: () => Promise<void>;
}

/** How long pg-boss keeps a settled job of a `forgetWhenSettled` queue that its worker did not delete. */
const FORGET_BACKSTOP_SECONDS = 60;

/** A queue's work without settings of its own: 10 jobs per fetch, one worker per instance. */
const DEFAULT_WORK = { batchSize: 10, concurrency: 1 };

/**
 * How often an idle worker looks for jobs while LISTEN/NOTIFY wakes it: only for what no NOTIFY
 * announces (a retry coming due, a notification lost with a connection).
 */
const NOTIFY_BACKSTOP_SECONDS = 10;

/** What pg-boss keeps of a failed attempt: the error's name and message, never the payload. */
const failureOf = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };

// biome-ignore lint/suspicious/noExplicitAny: a queue's settings do not depend on its payload
type AnyJob = JobDefinition<any, any>;

/** What a job asks of its queue (the policy only at creation: pg-boss cannot change it after). */
const queueSettings = (job: AnyJob) => ({
  retryLimit: job.retryLimit,
  retryDelay: job.retryDelay,
  retryBackoff: true,
  notify: true,
  ...(job.forgetWhenSettled ? { deleteAfterSeconds: FORGET_BACKSTOP_SECONDS } : {}),
});

/** The schedule `boss.schedule(name, cron, {})` writes: UTC, no key, empty data. */
const scheduleMatches = (schedule: Schedule | undefined, cron: string) =>
  schedule !== undefined &&
  schedule.cron === cron &&
  schedule.timezone === 'UTC' &&
  schedule.key === '' &&
  typeof schedule.data === 'object' &&
  schedule.data !== null &&
  Object.keys(schedule.data).length === 0;

function queueMatches(queue: object, job: AnyJob): boolean {
  return Object.entries(queueSettings(job)).every(
    ([setting, value]) => (queue as Record<string, unknown>)[setting] === value,
  );
}

export type JobDatabase = { kind: 'embedded'; pglite: PGlite } | { kind: 'server'; connectionString: string };

/**
 * pg-boss on the application's own database: the PGlite instance in embedded mode (in-process
 * LISTEN/NOTIFY), a pool of its own on PostgreSQL. `work: false` only enqueues (tests, scripts).
 *
 * Workers drain a queue at the speed of its jobs: each fetches a batch in one statement, runs it and
 * settles it in one statement per outcome (pg-boss `perJobResults`, so one failure retries only its
 * own job), fetches again at once while batches come back full, and otherwise sleeps until a NOTIFY
 * says a job was sent. Several instances may work the same queue; every job is idempotent.
 */
export async function startJobs(
  database: JobDatabase,
  options: {
    dependencies: JobDependencies;
    /** `'later'`: queues are ready for sending, workers wait for `startWorkers()`. */
    work: boolean | 'later';
    /** Seconds an idle worker waits before looking again; unset: 2 s, or 10 s while NOTIFY wakes it. */
    pollingSeconds?: number;
  },
): Promise<JobRunner> {
  // LISTEN/NOTIFY: a job sent on a queue wakes its workers on every instance once the sending
  // transaction commits (PGlite delivers in-process; on PostgreSQL pg-boss holds one connection for
  // it, outside its pool). Where it cannot listen (PgBouncer in transaction mode) workers poll.
  const boss =
    database.kind === 'embedded'
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: 'pglite',
          useListenNotify: options.work !== false,
        })
      : new PgBoss({
          connectionString: database.connectionString,
          max: 4,
          useListenNotify: options.work !== false,
        });
  boss.on('error', (error) => options.dependencies.log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => {
    if ((warning.data as { type?: string }).type === 'listen_notify_unavailable')
      options.dependencies.log.info({ warning: warning.message }, 'jobs: polling only');
  });
  await boss.start();
  const log = options.dependencies.log;
  /** One job of a batch: its outcome for pg-boss, which settles the batch's jobs in one statement. */
  const runOne = async (
    // biome-ignore lint/suspicious/noExplicitAny: each job narrows its own payload and dependencies
    job: JobDefinition<any, any>,
    received: JobWithMetadata<unknown>,
  ): Promise<Omit<JobResult, 'id'>> => {
    const forget = async () => {
      await boss
        .deleteJob(job.name, received.id)
        .catch((error) => log.error({ err: error, job: job.name, jobId: received.id }, 'job not deleted'));
    };
    try {
      const payload = job.schema.parse(received.data);
      await job.handler(payload as never, options.dependencies as never);
    } catch (error) {
      // The last attempt: pg-boss would keep the failed job, payload and all; the log keeps why
      // (the error only, never the payload).
      if (job.forgetWhenSettled && received.retryCount >= received.retryLimit) {
        log.error({ err: error, job: job.name, jobId: received.id }, 'job failed for good');
        await forget();
      }
      return { status: 'failed', output: failureOf(error) };
    }
    // Deleted before pg-boss marks it completed (which then finds nothing to mark): a failed
    // deletion is only logged, never a reason to run the job (send the mail) again.
    if (job.forgetWhenSettled) await forget();
    return { status: 'completed' };
  };
  // A queue is written only when it is missing or its settings differ from the job's: a start on an
  // existing database reads the queues once instead of writing and reading each one.
  const queues = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const job of jobs) {
    const queue = queues.get(job.name);
    if (!queue) {
      await boss.createQueue(job.name, {
        ...queueSettings(job),
        ...(job.policy ? { policy: job.policy } : {}),
      });
    }
    if (!queue || !queueMatches(queue, job)) {
      // Updated as well, since createQueue leaves an existing queue's settings alone: every queue
      // NOTIFYs its workers when a job is sent; a settled job the worker could not delete has a
      // backstop (pg-boss's maintenance, at least daily).
      await boss.updateQueue(job.name, queueSettings(job));
      // Warms pg-boss's per-queue cache now: a cold cache makes `send` look the queue up on its own
      // connection, which on PGlite waits for the append transaction that is sending (a deadlock).
      // pg-boss's start cached the queues that existed then; a queue written since is not cached.
      await boss.getJobById(job.name, '00000000-0000-0000-0000-000000000000');
    }
  }
  let working: Promise<void> | null = null;
  const startWorkers = () => {
    working ??= (async () => {
      const schedules = new Map((await boss.getSchedules()).map((each) => [each.name, each]));
      for (const job of jobs) {
        const { batchSize, concurrency } = job.work ?? DEFAULT_WORK;
        await boss.work(
          job.name,
          {
            batchSize,
            localConcurrency: concurrency,
            // A full batch means more is waiting: fetch again at once. A short one means the queue
            // was empty: wait for a NOTIFY (a job sent, on any instance) or, as a backstop, the poll.
            burstWhenBatchFull: true,
            pollingIntervalSeconds: options.pollingSeconds ?? 2,
            notifyPollingIntervalSeconds: options.pollingSeconds ?? NOTIFY_BACKSTOP_SECONDS,
            includeMetadata: true,
            perJobResults: true,
          },
          async (batch): Promise<JobResult[]> => {
            const results: JobResult[] = [];
            for (const received of batch) {
              results.push({ id: received.id, ...(await runOne(job, received)) });
            }
            return results;
          },
        );
        // With data, not pg-boss's default null: every job's payload is an object its schema checks.
        // Written only when missing or different, like the queues.
        if (job.schedule && !scheduleMatches(schedules.get(job.name), job.schedule))
          await boss.schedule(job.name, job.schedule, {});
      }
    })();
    return working;
  };
  if (options.work === true) await startWorkers();
  return {
    boss,
    startWorkers: options.work === false ? async () => {} : startWorkers,
    enqueue: async (trx, asked) => {
      const followUps = new Map<string, FollowUp>();
      for (const followUp of asked) followUps.set(`${followUp.job} ${followUp.singletonKey}`, followUp);
      for (const followUp of await neededFollowUps(trx, [...followUps.values()])) {
        await boss.send(followUp.job, followUp.payload, {
          db: fromKysely(trx),
          singletonKey: followUp.singletonKey,
        });
      }
    },
    sendMail: async (trx, mail) => {
      await boss.send(sendMailJob.name, await queuedMail(trx, mailSchema.parse(mail)), {
        db: fromKysely(trx),
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
