import type { PGlite } from '@electric-sql/pglite';
import type { Transaction } from 'kysely';
import { fromKysely, fromPglite, PgBoss } from 'pg-boss';
import type { StoredEvent } from '../events/store';
import { type FollowUpSettings, followUpsOf } from './follow-ups';
import { type Mail, mailSchema, queuedMail, sendMailJob } from './mail/send-mail';
import { type JobDependencies, jobs } from './registry';

// biome-ignore lint/suspicious/noExplicitAny: the caller's transaction, on whatever schema it has
type AnyTrx = Transaction<any>;

export interface JobRunner {
  boss: PgBoss;
  /** Enqueues the follow-up jobs of freshly appended events, on the append transaction. */
  enqueue: (trx: AnyTrx, events: StoredEvent[]) => Promise<void>;
  /** Enqueues one mail on the caller's transaction, so it exists exactly when the change does. */
  sendMail: (trx: AnyTrx, mail: Mail) => Promise<void>;
  stop: () => Promise<void>;
}

/** How long pg-boss keeps a settled job of a `forgetWhenSettled` queue that its worker did not delete. */
const FORGET_BACKSTOP_SECONDS = 60;

export type JobDatabase = { kind: 'embedded'; pglite: PGlite } | { kind: 'server'; connectionString: string };

/**
 * pg-boss on the application's own database: the PGlite instance in embedded mode (in-process
 * LISTEN/NOTIFY), a pool of its own on PostgreSQL. `work: false` only enqueues (tests, scripts).
 */
export async function startJobs(
  database: JobDatabase,
  options: {
    settings: FollowUpSettings;
    dependencies: JobDependencies;
    work: boolean;
    pollingSeconds?: number;
  },
): Promise<JobRunner> {
  const boss =
    database.kind === 'embedded'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: database.connectionString, max: 4 });
  boss.on('error', (error) => options.dependencies.log.error({ err: error }, 'job queue error'));
  await boss.start();
  const log = options.dependencies.log;
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelay,
      retryBackoff: true,
      ...(job.policy ? { policy: job.policy } : {}),
    });
    // A backstop for a settled job the worker could not delete (pg-boss's maintenance, at least
    // daily); updated as well, since createQueue leaves an existing queue's settings alone.
    if (job.forgetWhenSettled)
      await boss.updateQueue(job.name, { deleteAfterSeconds: FORGET_BACKSTOP_SECONDS });
    // Warms pg-boss's per-queue cache now: a cold cache makes `send` look the queue up on its own
    // connection, which on PGlite waits for the append transaction that is sending (a deadlock).
    await boss.getJobById(job.name, '00000000-0000-0000-0000-000000000000');
    if (options.work) {
      await boss.work(
        job.name,
        { pollingIntervalSeconds: options.pollingSeconds ?? 2, batchSize: 1, includeMetadata: true },
        async ([received]) => {
          if (!received) return;
          const forget = async () => {
            await boss
              .deleteJob(job.name, received.id)
              .catch((error) =>
                log.error({ err: error, job: job.name, jobId: received.id }, 'job not deleted'),
              );
          };
          try {
            const payload = job.schema.parse(received.data);
            await job.handler(payload as never, options.dependencies as never);
          } catch (error) {
            // The last attempt: pg-boss would keep the failed job, payload and all; the log keeps
            // why (the error only, never the payload).
            if (job.forgetWhenSettled && received.retryCount >= received.retryLimit) {
              log.error({ err: error, job: job.name, jobId: received.id }, 'job failed for good');
              await forget();
            }
            throw error;
          }
          // Deleted before pg-boss marks it completed (which then finds nothing to mark): a failed
          // deletion is only logged, never a reason to run the job (send the mail) again.
          if (job.forgetWhenSettled) await forget();
        },
      );
      if (job.schedule) await boss.schedule(job.name, job.schedule);
    }
  }
  return {
    boss,
    enqueue: async (trx, events) => {
      for (const event of events) {
        for (const followUp of followUpsOf(event, options.settings)) {
          await boss.send(followUp.job, followUp.payload, {
            db: fromKysely(trx),
            singletonKey: followUp.singletonKey,
          });
        }
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
