import { Cron } from 'croner';

export type JobLog = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Runs `task` on a cron `pattern` with seconds (croner): `'0 * * * * *'` is every minute on the
 * minute. A run still going when the next one is due makes that one skip, so one job never overlaps
 * itself on a node; a failure is logged and the schedule goes on; the timer never keeps the process
 * alive on its own. Every job here is safe to run on several nodes at once (each says why).
 * Returns what stops it.
 */
export const schedule = (what: string, pattern: string, task: () => Promise<unknown>, log: JobLog) => {
  const job = new Cron(pattern, { protect: true, unref: true, catch: (err) => log.error({ err, job: what }, `${what} failed`) }, async () => {
    await task();
  });
  return () => job.stop();
};
