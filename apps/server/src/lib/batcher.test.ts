import { describe, expect, it } from 'vitest';
import { batchStats, batcher } from './batcher.js';

/** A `run` that records each group and answers when told to. */
const recorder = () => {
  const groups: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (items: number[]) =>
    new Promise<(number | Error)[]>((resolve) => {
      groups.push(items);
      pending.push(() => resolve(items.map((i) => (i < 0 ? new Error(`bad ${i}`) : i * 10))));
    });
  const answerAll = () => pending.splice(0).forEach((f) => f());
  return { groups, run, answerAll };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('batcher', () => {
  it('sends the calls of one turn of the event loop as one group, and a lone call alone', async () => {
    const r = recorder();
    const call = batcher({ name: 't-one-turn', run: r.run, maxBatch: 10, maxInFlight: 2 });
    const answers = Promise.all([call(1), call(2), call(3)]);
    await tick();
    expect(r.groups).toEqual([[1, 2, 3]]);
    r.answerAll();
    expect(await answers).toEqual([10, 20, 30]);
    const lone = call(4);
    await tick();
    expect(r.groups[1]).toEqual([4]);
    r.answerAll();
    expect(await lone).toBe(40);
    expect(batchStats()['t-one-turn']).toMatchObject({ items: 4, groups: 2 });
  });

  it('keeps at most maxInFlight groups out; what arrives meanwhile leaves together when one comes back', async () => {
    const r = recorder();
    const call = batcher({ name: 't-in-flight', run: r.run, maxBatch: 10, maxInFlight: 1 });
    const first = call(1);
    await tick();
    const later = [call(2), call(3)];
    await tick();
    const last = call(4);
    await tick();
    expect(r.groups).toEqual([[1]]);
    expect(call.state()).toEqual({ queued: 3, inFlight: 1 });
    r.answerAll();
    expect(await first).toBe(10);
    await tick();
    expect(r.groups[1]).toEqual([2, 3, 4]);
    r.answerAll();
    expect(await Promise.all([...later, last])).toEqual([20, 30, 40]);
    expect(call.state()).toEqual({ queued: 0, inFlight: 0 });
  });

  it('cuts groups at maxBatch', async () => {
    const r = recorder();
    const call = batcher({ name: 't-max-batch', run: r.run, maxBatch: 2, maxInFlight: 3 });
    const all = Promise.all([1, 2, 3, 4, 5].map((i) => call(i)));
    await tick();
    expect(r.groups).toEqual([[1, 2], [3, 4], [5]]);
    r.answerAll();
    expect(await all).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails only the item whose result is an Error, and the whole group when run fails or miscounts', async () => {
    const r = recorder();
    const call = batcher({ name: 't-errors', run: r.run, maxBatch: 10, maxInFlight: 1 });
    const [good, bad] = [call(1), call(-1)];
    await tick();
    r.answerAll();
    expect(await good).toBe(10);
    await expect(bad).rejects.toThrow('bad -1');

    const broken = batcher<number, number>({ name: 't-broken', run: async () => { throw new Error('connection lost'); }, maxBatch: 10, maxInFlight: 1 });
    const results = await Promise.allSettled([broken(1), broken(2)]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);

    const short = batcher<number, number>({ name: 't-short', run: async () => [1], maxBatch: 10, maxInFlight: 1 });
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow(/answered 1 results/);
    // The batcher is free again after a failure.
    expect(short.state()).toEqual({ queued: 0, inFlight: 0 });
  });

  it('refuses limits below one', () => {
    expect(() => batcher({ name: 't-bad', run: async () => [], maxBatch: 0, maxInFlight: 1 })).toThrow();
  });
});
