/**
 * Groups calls that arrive close together into one call of `run`, for work whose cost is mostly per
 * call (a round trip to PostgreSQL: a message each way, waking a backend) rather than per item.
 *
 * The grouping adapts to load without a timer: calls made during one turn of the event loop are
 * collected and sent together at its end (setImmediate); while `maxInFlight` groups are already
 * out, new calls wait and leave together as soon as one comes back. A lone call is therefore sent
 * at once, alone, and under load the groups grow by themselves, up to `maxBatch` items each.
 *
 * `run` answers one result per item, in order: a value, or an Error for that item alone. When `run`
 * itself fails, every item of that group gets its error.
 */
export type BatcherOptions<I, O> = {
  /** Names the batcher in `batchStats()`. */
  name: string;
  run: (items: I[]) => Promise<(O | Error)[]>;
  maxBatch: number;
  maxInFlight: number;
};

/**
 * Items and groups sent so far by each named batcher of this process (diagnostics and the benches):
 * `waitMs` sums how long items waited to leave, `runMs` how long they were out (a group's time counts
 * once for each of its items), so each divided by `items` is the mean per call.
 */
const counters = new Map<string, { items: number; groups: number; waitMs: number; runMs: number }>();
export const batchStats = () => Object.fromEntries([...counters].map(([name, c]) => [name, { ...c }]));

type Waiting<I, O> = { at: number; item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

export const batcher = <I, O>({ name, run, maxBatch, maxInFlight }: BatcherOptions<I, O>) => {
  if (!(maxBatch >= 1 && maxInFlight >= 1)) throw new Error('maxBatch and maxInFlight must be at least 1');
  const counter = counters.get(name) ?? { items: 0, groups: 0, waitMs: 0, runMs: 0 };
  counters.set(name, counter);
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const send = async (group: Waiting<I, O>[]) => {
    const t0 = performance.now();
    for (const w of group) counter.waitMs += t0 - w.at;
    try {
      const results = await run(group.map((w) => w.item)).finally(() => (counter.runMs += (performance.now() - t0) * group.length));
      if (results.length !== group.length) throw new Error(`a batch of ${group.length} answered ${results.length} results`);
      results.forEach((r, i) => (r instanceof Error ? group[i].reject(r) : group[i].resolve(r)));
    } catch (e) {
      for (const w of group) w.reject(e);
    }
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const group = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      inFlight++;
      counter.items += group.length;
      counter.groups++;
      void send(group).finally(() => {
        inFlight--;
        flush();
      });
    }
  };

  const call = (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ at: performance.now(), item, resolve, reject });
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(flush);
      }
    });

  /** What is waiting and what is out, for tests and diagnostics. */
  const state = () => ({ queued: queue.length, inFlight });
  return Object.assign(call, { state });
};
