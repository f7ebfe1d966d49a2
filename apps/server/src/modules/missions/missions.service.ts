import {
  fromMinor,
  LEADERBOARD_SIZE,
  maskUsername,
  missionQuantity,
  missionTarget,
  toMinor,
  type LeaderboardQuery,
  type LeaderboardRow,
  type LeaderboardValue,
  type Mission,
  type MissionClaimValue,
  type MissionPeriod,
  type MissionSummaryValue,
  type OpsMission,
  type OpsMissionBody,
  type OpsMissionPatch,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import { PROMOTION_EXPENSE } from '../promotions/promotions.service.js';
import type { SecurityService } from '../security/security.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { MissionRow, MissionsRepository, Progress, Standing, Window, Windows } from './missions.repository.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const EDIT_ROLES = ['admin'] as const;
/** How long a computed leaderboard of a running period is served before it is computed again. */
export const STANDINGS_TTL_MS = 30_000;
/** Ended periods a settlement run looks back over for ones not settled yet. */
const CATCH_UP = 7;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const windowDto = (w: Window) => ({ key: w.key, start: w.start.toISOString(), end: w.end.toISOString() });
const windowOf = (ws: Windows, period: MissionPeriod, which: 'current' | 'previous') =>
  period === 'daily' ? (which === 'current' ? ws.daily : ws.previousDaily) : which === 'current' ? ws.weekly : ws.previousWeekly;

type SettledRow = { rank: number; memberId: string; username: string; bets: string; prize: string | null };

/**
 * Missions and the leaderboard (docs/missions.md). A mission's reward is paid when the member claims it,
 * once per mission and period: a MISSION_REWARD posting from the site's promotion expense under the
 * key `mission:<id>:<period>:<member>`, recorded in mission_claims (unique) in the same transaction.
 * A leaderboard period is settled once by a job when it has ended (and the late bets of transfer
 * vendors have had time to arrive): its table is frozen and each prize paid as a LEADERBOARD_PRIZE
 * posting, all in one transaction.
 */
export const missionsService = (deps: { repo: MissionsRepository; ledger: LedgerService; security: SecurityService; audit: AuditRepository; merchants: () => Promise<Merchant[]> }) => {
  const { repo, ledger, security, audit } = deps;
  const standingsCache = new Map<string, { at: number; rows: Promise<Standing[]> }>();

  const enabledFor = (merchant: Merchant) => {
    if (!merchant.config.missions.enabled) throw new AppError('MISSIONS_DISABLED');
  };

  const measure = (p: Progress, metric: MissionRow['metric']) => p[metric];
  const minStakeOf = (merchant: Merchant) => toMinor(merchant.config.missions.minRoundStake);

  const missionDto = (m: MissionRow, done: bigint, claim: { created_at: Date } | undefined): Mission => ({
    id: m.id.toString(),
    period: m.period,
    metric: m.metric,
    target: missionQuantity(m.metric, m.target),
    progress: missionQuantity(m.metric, done < m.target ? done : m.target),
    reward: fromMinor(m.reward),
    state: claim ? 'claimed' : done >= m.target ? 'claimable' : 'in_progress',
    claimedAt: iso(claim?.created_at),
  });

  /** The site's active missions with where the member stands in the current periods. */
  const board = async (merchant: Merchant, memberId: bigint) => {
    const ws = await repo.windows(merchant.timezone);
    const missions = await repo.active(merchant.id);
    if (missions.length === 0) return { ws, items: [] as Mission[] };
    const [[daily, weekly], claims] = await Promise.all([repo.progress(repo.db, merchant.id, memberId, [ws.daily, ws.weekly], minStakeOf(merchant)), repo.claimsIn(merchant.id, memberId, [ws.daily.key, ws.weekly.key])]);
    const items = missions.map((m) => {
      const key = m.period === 'daily' ? ws.daily.key : ws.weekly.key;
      const claim = claims.find((c) => c.mission_id === m.id && c.period === key);
      return missionDto(m, measure(m.period === 'daily' ? daily! : weekly!, m.metric), claim);
    });
    return { ws, items };
  };

  const summary = async (merchant: Merchant, auth: AuthContext): Promise<MissionSummaryValue> => {
    security.realAccountOnly(auth);
    const enabled = merchant.config.missions.enabled;
    const [{ ws, items }, earned] = await Promise.all([
      enabled ? board(merchant, auth.memberId) : repo.windows(merchant.timezone).then((w) => ({ ws: w, items: [] as Mission[] })),
      repo.earned(merchant.id, auth.memberId),
    ]);
    return {
      enabled,
      currencySymbol: merchant.currencySymbol,
      serverTime: ws.now.toISOString(),
      daily: windowDto(ws.daily),
      weekly: windowDto(ws.weekly),
      items,
      claimable: items.filter((i) => i.state === 'claimable').length,
      earned: fromMinor(earned),
      minRoundStake: fromMinor(minStakeOf(merchant)),
    };
  };

  /** The member-center badge: missions reached and not claimed (0 on sites without missions, and for trial accounts). */
  const claimable = async (merchant: Merchant, memberId: bigint) => {
    if (!merchant.config.missions.enabled) return 0;
    const { items } = await board(merchant, memberId);
    return items.filter((i) => i.state === 'claimable').length;
  };

  const claim = async (merchant: Merchant, auth: AuthContext, idText: string): Promise<MissionClaimValue> => {
    security.realAccountOnly(auth);
    enabledFor(merchant);
    const m = await repo.byId(merchant.id, BigInt(idText));
    if (!m || !m.active) throw new AppError('MISSION_NOT_FOUND');
    const ws = await repo.windows(merchant.timezone);
    const w = m.period === 'daily' ? ws.daily : ws.weekly;
    const answer = (done: bigint, c: { created_at: Date; amount: bigint }, replayed: boolean): MissionClaimValue => ({ mission: missionDto(m, done, c), amount: fromMinor(c.amount), replayed });
    const earlier = await repo.claimOf(repo.db, m.id, auth.memberId, w.key);
    if (earlier) return answer(m.target, earlier, true);
    // Accounts first: the embedded database has one connection, so nothing may wait for the pool inside the transaction.
    const [expense, main] = await Promise.all([ledger.houseAccount(merchant.id, PROMOTION_EXPENSE, merchant.currency), ledger.memberAccount(merchant.id, auth.memberId, MAIN_WALLET, merchant.currency)]);
    return ledger.inTransaction(merchant.id, async (tx) => {
      // Measured inside the transaction that pays, on the period the claim was asked in.
      const [p] = await repo.progress(tx, merchant.id, auth.memberId, [w], minStakeOf(merchant));
      const done = measure(p!, m.metric);
      if (done < m.target) throw new AppError('MISSION_NOT_REACHED', [missionQuantity(m.metric, done), missionQuantity(m.metric, m.target)]);
      const key = `mission:${m.id}:${w.key}:${auth.memberId}`;
      const posting = await ledger.post(
        {
          merchantId: merchant.id,
          type: 'MISSION_REWARD',
          idempotencyKey: key,
          reference: key,
          legs: [{ accountId: expense, amount: -m.reward }, { accountId: main, amount: m.reward }],
          metadata: { mission: m.code, period: m.period, metric: m.metric, target: missionQuantity(m.metric, m.target), window: w.key },
        },
        tx,
      );
      const made = await repo.insertClaim(tx, { merchantId: merchant.id, memberId: auth.memberId, missionId: m.id, period: w.key, amount: m.reward, transactionId: posting.transactionId });
      if (made) return answer(done, made, false);
      // A claim racing this one wrote the record first; its posting is this one (same key), replayed.
      const other = await repo.claimOf(tx, m.id, auth.memberId, w.key);
      return answer(done, other!, true);
    });
  };

  /** A running period's table, computed at most every STANDINGS_TTL_MS per site and period on each node. */
  const liveStandings = async (merchant: Merchant, kind: MissionPeriod, w: Window, minBets: bigint) => {
    const cacheKey = `${merchant.id}:${kind}:${w.key}:${minBets}`;
    const hit = standingsCache.get(cacheKey);
    if (hit && Date.now() - hit.at < STANDINGS_TTL_MS) return { at: hit.at, rows: await hit.rows };
    // One computation at a time per table: requests arriving while it runs wait for the same answer.
    const fresh = { at: Date.now(), rows: repo.standings(repo.db, merchant.id, w, minBets) };
    standingsCache.set(cacheKey, fresh);
    fresh.rows.catch(() => standingsCache.delete(cacheKey));
    for (const [k, v] of standingsCache) if (Date.now() - v.at > STANDINGS_TTL_MS * 4) standingsCache.delete(k);
    return { at: fresh.at, rows: await fresh.rows };
  };

  const prizeOf = (prizes: readonly string[], rank: number | null) => (rank !== null && rank <= prizes.length ? prizes[rank - 1]! : null);

  const leaderboard = async (merchant: Merchant, auth: AuthContext, query: LeaderboardQuery): Promise<LeaderboardValue> => {
    security.realAccountOnly(auth);
    const cfg = merchant.config.missions.leaderboard;
    const enabled = merchant.config.missions.enabled && cfg.enabled;
    const prizes = cfg.prizes.map((p) => fromMinor(toMinor(p)));
    const minBets = toMinor(cfg.minBets);
    const ws = await repo.windows(merchant.timezone);
    const w = windowOf(ws, cfg.period, query.which);
    const base = { enabled, which: query.which, period: cfg.period, window: windowDto(w), currencySymbol: merchant.currencySymbol, serverTime: ws.now.toISOString(), minBets: fromMinor(minBets), prizes };
    if (!enabled) return { ...base, items: [], ranked: 0, me: { rank: null, bets: '0.00', prize: null, paid: false }, settledAt: null, asOf: ws.now.toISOString() };

    const mine = auth.memberId.toString();
    const settled = query.which === 'previous' ? await repo.settlement(merchant.id, cfg.period, w.key) : undefined;
    if (settled) {
      // What was paid: the table as it stood when the period was settled.
      const rows = settled.standings as SettledRow[];
      const own = rows.find((r) => r.memberId === mine);
      const award = own ? undefined : await repo.awardOf(merchant.id, cfg.period, w.key, auth.memberId);
      const [myBets] = own ? [] : await repo.progress(repo.db, merchant.id, auth.memberId, [w], minStakeOf(merchant));
      return {
        ...base,
        items: rows.slice(0, LEADERBOARD_SIZE).map((r) => ({ rank: r.rank, username: r.memberId === mine ? r.username : maskUsername(r.username), bets: r.bets, prize: r.prize, me: r.memberId === mine })),
        ranked: settled.ranked,
        me: own
          ? { rank: own.rank, bets: own.bets, prize: own.prize, paid: own.prize !== null }
          : { rank: award?.rank ?? null, bets: fromMinor(award?.bets ?? myBets?.bets ?? 0n), prize: award ? fromMinor(award.amount) : null, paid: award !== undefined },
        settledAt: settled.settled_at.toISOString(),
        asOf: settled.settled_at.toISOString(),
      };
    }

    const { at, rows } = await liveStandings(merchant, cfg.period, w, minBets);
    const myIndex = rows.findIndex((r) => r.memberId === auth.memberId);
    const items: LeaderboardRow[] = rows.slice(0, LEADERBOARD_SIZE).map((r, i) => ({
      rank: i + 1,
      username: r.memberId === auth.memberId ? r.username : maskUsername(r.username),
      bets: fromMinor(r.bets),
      prize: prizeOf(prizes, i + 1),
      me: r.memberId === auth.memberId,
    }));
    // The member's own bets are always current, even when the table is a few seconds old.
    const [myProgress] = await repo.progress(repo.db, merchant.id, auth.memberId, [w], minStakeOf(merchant));
    const rank = myIndex >= 0 ? myIndex + 1 : null;
    return {
      ...base,
      items,
      ranked: rows.length,
      me: { rank, bets: fromMinor(myProgress!.bets), prize: prizeOf(prizes, rank), paid: false },
      settledAt: null,
      asOf: new Date(at).toISOString(),
    };
  };

  /**
   * Settles each site's ended leaderboard periods once their delay has passed: the one just ended, and
   * any before it back to the last one settled (a node that was down for a while catches up, at most
   * CATCH_UP periods; a site that never settled starts with the one just ended, so turning the board on
   * pays nothing for periods before it ran). Each period is one transaction that first claims it (a
   * second node, or a second run, finds it claimed and does nothing), freezes its table and pays its
   * prizes. Returns the periods settled, the prizes paid and the sites whose settlement failed.
   */
  const settleDue = async (log?: (e: unknown, merchant: string) => void) => {
    let settled = 0;
    let paid = 0;
    let failed = 0;
    for (const merchant of await deps.merchants()) {
      const cfg = merchant.config.missions;
      if (!cfg.enabled || !cfg.leaderboard.enabled) continue;
      const kind = cfg.leaderboard.period;
      try {
        const [windows, last] = await Promise.all([repo.pastWindows(merchant.timezone, kind, CATCH_UP), repo.lastSettled(merchant.id, kind)]);
        const due = last === undefined ? windows.slice(0, 1) : windows.filter((w) => w.key > last);
        const now = (await repo.windows(merchant.timezone)).now.getTime();
        // Oldest first, so a failure leaves the later ones for the next run in order.
        for (const w of due.reverse()) {
          if (now < w.end.getTime() + cfg.leaderboard.settleDelayMinutes * 60_000) continue;
          const count = await settleOne(merchant, kind, w);
          if (count >= 0) {
            settled++;
            paid += count;
          }
        }
      } catch (e) {
        // One site whose settlement fails (rolled back whole) must not hold up the others; the next run tries again.
        failed++;
        log?.(e, merchant.code);
      }
    }
    return { settled, paid, failed };
  };

  /** One period of one site: -1 when it was settled already (by another node or run), else the prizes paid. */
  const settleOne = async (merchant: Merchant, kind: MissionPeriod, w: Window) => {
    const cfg = merchant.config.missions.leaderboard;
    if (await repo.settlement(merchant.id, kind, w.key)) return -1;
    const prizes = cfg.prizes.map(toMinor);
    const rows = await repo.standings(repo.db, merchant.id, w, toMinor(cfg.minBets));
    const winners = rows.slice(0, prizes.length);
    // Accounts first: the embedded database has one connection, so nothing may wait for the pool inside the transaction.
    const expense = await ledger.houseAccount(merchant.id, PROMOTION_EXPENSE, merchant.currency);
    const mains = await Promise.all(winners.map((r) => ledger.memberAccount(merchant.id, r.memberId, MAIN_WALLET, merchant.currency)));
    const standings: SettledRow[] = rows.slice(0, LEADERBOARD_SIZE).map((r, i) => ({ rank: i + 1, memberId: r.memberId.toString(), username: r.username, bets: fromMinor(r.bets), prize: i < prizes.length ? fromMinor(prizes[i]!) : null }));
    return ledger.inTransaction(merchant.id, async (tx) => {
      if (!(await repo.startSettlement(tx, { merchantId: merchant.id, kind, period: w.key, ranked: rows.length, standings }))) return -1;
      await repo.lockAccounts(tx, [expense, ...mains]);
      for (const [i, r] of winners.entries()) {
        const rank = i + 1;
        const key = `leaderboard:${kind}:${w.key}:${rank}`;
        const posting = await ledger.post(
          {
            merchantId: merchant.id,
            type: 'LEADERBOARD_PRIZE',
            idempotencyKey: key,
            reference: key,
            legs: [{ accountId: expense, amount: -prizes[i]! }, { accountId: mains[i]!, amount: prizes[i]! }],
            metadata: { rank, period: w.key, kind, bets: fromMinor(r.bets) },
          },
          tx,
        );
        await repo.insertAward(tx, { merchantId: merchant.id, kind, period: w.key, rank, memberId: r.memberId, bets: r.bets, amount: prizes[i]!, transactionId: posting.transactionId });
      }
      return winners.length;
    });
  };

  // ---- Operators ----

  const opsDto = (m: MissionRow & { claims?: number | null }): OpsMission => ({
    id: m.id.toString(),
    code: m.code,
    period: m.period,
    metric: m.metric,
    target: missionQuantity(m.metric, m.target),
    reward: fromMinor(m.reward),
    sort: m.sort,
    active: m.active,
    createdAt: m.created_at.toISOString(),
    claims: m.claims ?? 0,
  });

  const opsList = async (actor: OperatorContext) => {
    allowRoles(actor, READ_ROLES);
    return { items: (await repo.all(actor.merchantId)).map(opsDto) };
  };

  const create = async (actor: OperatorContext, body: OpsMissionBody, client: Client): Promise<OpsMission> => {
    allowRoles(actor, EDIT_ROLES);
    const row = await repo.db.transaction().execute(async (tx) => {
      const made = await repo.insert(tx, { merchantId: actor.merchantId, code: body.code, period: body.period, metric: body.metric, target: missionTarget(body.metric, body.target), reward: toMinor(body.reward), sort: body.sort, active: body.active });
      if (!made) throw new AppError('MISSION_CODE_TAKEN', [], { fields: [{ field: 'code', rule: 'unique', message: '' }] });
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'mission.create', targetType: 'mission', targetId: made.id.toString(), after: { ...body }, ip: client.ip }, tx);
      return made;
    });
    return opsDto(row);
  };

  const patch = async (actor: OperatorContext, idText: string, body: OpsMissionPatch, client: Client): Promise<OpsMission> => {
    allowRoles(actor, EDIT_ROLES);
    const row = await repo.db.transaction().execute(async (tx) => {
      const m = await repo.lock(tx, actor.merchantId, BigInt(idText));
      if (!m) throw new AppError('MISSION_NOT_FOUND');
      const updated = await repo.update(tx, m.id, { ...(body.sort === undefined ? {} : { sort: body.sort }), ...(body.active === undefined ? {} : { active: body.active }) });
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'mission.update', targetType: 'mission', targetId: idText, before: { sort: m.sort, active: m.active }, after: { sort: updated.sort, active: updated.active }, ip: client.ip }, tx);
      return { ...updated, claims: await repo.claimCount(tx, m.id) };
    });
    return opsDto(row);
  };

  const opsAwards = async (actor: OperatorContext) => {
    allowRoles(actor, READ_ROLES);
    const rows = await repo.awards(actor.merchantId, 200);
    return {
      items: rows.map((a) => ({ period: `${a.kind}:${a.period}`, rank: a.rank, memberId: a.member_id.toString(), username: a.username, bets: fromMinor(a.bets), amount: fromMinor(a.amount), paidAt: a.created_at.toISOString() })),
    };
  };

  return { summary, claimable, claim, leaderboard, settleDue, opsList, create, patch, opsAwards };
};
export type MissionsService = ReturnType<typeof missionsService>;
