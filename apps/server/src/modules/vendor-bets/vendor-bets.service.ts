import { toMinor } from '@apsara/contracts';
import type { VendorBet, VendorBetsClient } from './vendor-bets.client.js';
import type { PulledRound, VendorBetsRepository } from './vendor-bets.repository.js';

/** Rounds asked for per call, and calls per vendor per run (a backlog is read over several runs). */
export const BET_PULL_PAGE = 500;
export const BET_PULL_MAX_PAGES = 20;

const ROUND = /^[A-Za-z0-9:_.-]{1,64}$/;
const GAME = /^[A-Za-z0-9_.-]{1,64}$/;
// Our player id at a transfer vendor: m<merchantId>-<memberId> (transfer-wallet.service.ts vendorPlayerId).
const PLAYER = /^m(\d{1,18})-(\d{1,18})$/;

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
type Parsed = { roundRef: string; merchantId: bigint; memberId: bigint; gameCode: string; currency: string; stake: bigint; payout: bigint; status: 'open' | 'closed'; openedAt: Date; closedAt: Date | null };

const date = (v: unknown) => {
  if (typeof v !== 'string') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
};
const amount = (v: unknown) => {
  if (typeof v !== 'string') return undefined;
  try {
    const m = toMinor(v);
    return m >= 0n ? m : undefined;
  } catch {
    return undefined;
  }
};

/** The shape of one logged round, or why it is not usable. */
const parse = (b: VendorBet): Parsed | string => {
  if (typeof b.roundId !== 'string' || !ROUND.test(b.roundId)) return 'roundId';
  const player = typeof b.playerId === 'string' ? PLAYER.exec(b.playerId) : null;
  if (!player) return 'playerId';
  if (typeof b.gameCode !== 'string' || !GAME.test(b.gameCode)) return 'gameCode';
  const stake = amount(b.stake);
  const payout = amount(b.payout);
  if (stake === undefined) return 'stake';
  if (payout === undefined) return 'payout';
  if (b.status !== 'open' && b.status !== 'closed') return 'status';
  const openedAt = date(b.openedAt);
  if (!openedAt) return 'openedAt';
  const closedAt = b.status === 'closed' ? (date(b.closedAt) ?? openedAt) : null;
  return { roundRef: b.roundId, merchantId: BigInt(player[1]), memberId: BigInt(player[2]), gameCode: b.gameCode, currency: typeof b.currency === 'string' ? b.currency : '', stake, payout, status: b.status, openedAt, closedAt };
};

/**
 * The bet-log pull (docs/vendor-protocol.md "Bet log"): transfer-wallet vendors' rounds, played at the
 * vendor with the vendor-held wallet, copied into game_rounds for the betting record and the profit
 * report. Nothing here moves money: the vendor wallet's result reaches the ledger through the
 * transfer wallet's balance sync (VENDOR_GAME_RESULT), so a pulled round is a record only.
 */
export const vendorBetsService = (deps: { repo: VendorBetsRepository; client: VendorBetsClient; log: Log; pageSize?: number; maxPages?: number }) => {
  const { repo, client, log } = deps;
  const pageSize = deps.pageSize ?? BET_PULL_PAGE;
  const maxPages = deps.maxPages ?? BET_PULL_MAX_PAGES;

  /** One page read, checked, mapped to our members and games, and written with the cursor moved. */
  const pullPage = async (vendor: string) => {
    const since = await repo.cursorOf(vendor);
    const page = await client(vendor, since, pageSize);
    if (page.kind !== 'ok') {
      log.warn({ vendor, ...(page.kind === 'refused' ? { code: page.code } : { reason: page.reason }) }, 'vendor bet log not read');
      return undefined;
    }
    const parsed = page.bets.map((b) => ({ b, p: parse(b) }));
    const ok = parsed.flatMap(({ p }) => (typeof p === 'string' ? [] : [p]));
    const [games, members] = await Promise.all([repo.gamesOf(vendor, [...new Set(ok.map((p) => p.gameCode))]), repo.membersOf([...new Set(ok.map((p) => p.memberId))])]);
    // One row per (player, round): a vendor correcting a round within a page wins with its last word.
    const rounds = new Map<string, PulledRound>();
    let skipped = 0;
    const skip = (b: VendorBet, reason: string) => {
      skipped++;
      // The vendor's identifiers only: no amounts of other fields, nothing secret.
      log.warn({ vendor, roundId: String(b.roundId ?? '').slice(0, 64), playerId: String(b.playerId ?? '').slice(0, 64), gameCode: String(b.gameCode ?? '').slice(0, 64), reason }, 'vendor bet skipped');
    };
    for (const { b, p } of parsed) {
      if (typeof p === 'string') {
        skip(b, `malformed ${p}`);
        continue;
      }
      const member = members.get(p.memberId);
      if (!member || member.merchantId !== p.merchantId) {
        skip(b, 'unknown player');
        continue;
      }
      const gameId = games.get(p.gameCode);
      if (gameId === undefined) {
        skip(b, 'unknown game');
        continue;
      }
      if (p.currency && p.currency !== member.currency) {
        skip(b, 'currency is not the merchant currency');
        continue;
      }
      rounds.set(`${p.memberId}:${p.roundRef}`, { merchantId: member.merchantId, memberId: p.memberId, gameId, roundRef: p.roundRef, stake: p.stake, payout: p.payout, status: p.status, openedAt: p.openedAt, closedAt: p.closedAt });
    }
    const result = await repo.commit(vendor, since, page.next, [...rounds.values()], skipped);
    return { ...result, read: page.bets.length, skipped, done: page.bets.length < pageSize || page.next === since };
  };

  /** Reads a vendor's log from its cursor until it is caught up (or `maxPages` pages this run). */
  const pullVendor = async (vendor: string) => {
    let written = 0;
    let skipped = 0;
    for (let i = 0; i < maxPages; i++) {
      const r = await pullPage(vendor);
      if (!r) break;
      // Another node moved the cursor meanwhile: it wrote this page; the next run goes on from there.
      if (r.raced) break;
      written += r.written;
      skipped += r.skipped;
      if (r.done) break;
    }
    return { written, skipped };
  };

  /** One run of the job: every transfer vendor, one after the other; one vendor's failure stops no other. */
  const pullAll = async () => {
    let written = 0;
    for (const vendor of await repo.transferVendors()) {
      try {
        const r = await pullVendor(vendor);
        written += r.written;
        if (r.written || r.skipped) log.info({ vendor, written: r.written, skipped: r.skipped }, 'vendor bets pulled');
      } catch (err) {
        log.warn({ vendor, err: (err as Error).message }, 'vendor bet pull failed');
      }
    }
    return written;
  };

  return { pullAll, pullVendor };
};
export type VendorBetsService = ReturnType<typeof vendorBetsService>;
