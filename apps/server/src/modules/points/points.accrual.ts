import { POINT_SOURCE_OF_CATEGORY, toMinor, type PointEarnSource } from '@apsara/contracts';
import type { RecordNotice } from '../../lib/events.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { PointsRepository } from './points.repository.js';

/** Queue items taken per transaction; a run goes on until the queue is empty. */
const BATCH = 2000;
/** The most batches one run takes, so a backlog never holds a node's job for long. */
const MAX_BATCHES = 50;

/** The source a queued item counts under: a deposit, or its game's category. */
export const sourceOf = (category: string): PointEarnSource => (category === 'DEPOSIT' ? 'deposit' : (POINT_SOURCE_OF_CATEGORY[category] ?? 'rng'));

/**
 * Points for `counted` (bets or deposits counted towards the next point, this run's included) at "every
 * `perAmount` earns `points`": the points, and what is carried to the next run.
 */
export const earnedFor = (counted: bigint, perAmount: bigint, points: number) => ({ points: (counted / perAmount) * BigInt(points), carry: counted % perAmount });

/**
 * Points for play and deposits (spec §3 point sources). Closed rounds and credited deposits are queued
 * by database triggers in the transaction that closed or credited them (migration 0022); a run takes
 * queued items in batches, adds what each member staked or deposited per source to what they had
 * counted towards the next point, and writes one line per member and source for the points it makes,
 * with the queue items' removal in the same transaction: each item counts once, on any number of nodes
 * (a node skips the rows another holds). The site's rules are read at the time of the run.
 */
export const pointsAccrual = (deps: { repo: PointsRepository; merchants: () => Promise<Merchant[]>; notify?: RecordNotice }) => {
  const { repo, notify = () => {} } = deps;

  const runBatch = async (byId: Map<bigint, Merchant>) => {
    const credited: { merchantId: bigint; memberId: bigint }[] = [];
    const taken = await repo.db.transaction().execute(async (tx) => {
      const { taken, sums } = await repo.drainQueue(tx, BATCH);
      // One sum per member and source (several categories share a source), in member order so that two
      // nodes' runs lock accounts in the same order.
      const grouped = new Map<string, { merchantId: bigint; memberId: bigint; source: PointEarnSource; basis: bigint }>();
      for (const s of sums) {
        const source = sourceOf(s.category);
        const key = `${s.memberId}:${source}`;
        const at = grouped.get(key);
        if (at) at.basis += s.basis;
        else grouped.set(key, { merchantId: s.merchantId, memberId: s.memberId, source, basis: s.basis });
      }
      const ordered = [...grouped.values()]
        .filter((g) => byId.get(g.merchantId)?.config.flags.PTSYS3)
        .sort((a, b) => (a.memberId === b.memberId ? a.source.localeCompare(b.source) : a.memberId < b.memberId ? -1 : 1));
      // Every points row of the batch first, in member order (as a member's own writes take theirs
      // first), then progress and lines: two nodes' batches never wait on each other in a circle.
      await repo.lockAccounts(tx, [...new Map(ordered.map((g) => [g.memberId, g.merchantId])).entries()]);
      for (const g of ordered) {
        const rule = byId.get(g.merchantId)!.config.points.earn[g.source];
        if (rule.points === 0) continue;
        const counted = await repo.addProgress(tx, g.memberId, g.source, g.basis);
        const earned = earnedFor(counted, toMinor(rule.perAmount), rule.points);
        await repo.setProgress(tx, g.memberId, g.source, earned.carry);
        if (earned.points === 0n) continue;
        await repo.addLine(tx, { merchantId: g.merchantId, memberId: g.memberId, kind: g.source, change: earned.points, basis: g.basis });
        credited.push({ merchantId: g.merchantId, memberId: g.memberId });
      }
      return taken;
    });
    for (const c of credited) notify(c.merchantId, c.memberId, 'points');
    return { taken, credited: credited.length };
  };

  /** Counts everything queued; returns how many items it took and how many lines of points it wrote. */
  const accrueDue = async () => {
    const byId = new Map((await deps.merchants()).map((m) => [m.id, m]));
    let items = 0;
    let lines = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const { taken, credited } = await runBatch(byId);
      items += taken;
      lines += credited;
      if (taken < BATCH) break;
    }
    return { items, lines };
  };

  return { accrueDue };
};
export type PointsAccrual = ReturnType<typeof pointsAccrual>;
