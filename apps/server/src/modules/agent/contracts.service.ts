import {
  CONTRACT_KIND_SWITCHES,
  CONTRACT_KINDS,
  LIST_PAGE_SIZE,
  bpToRate,
  fromMinor,
  isAgentType,
  isTrialType,
  rateToBp,
  toMinor,
  type AgentContract,
  type ConsolidatedContractValue,
  type ContractAction,
  type ContractKind,
  type ContractKindsConfig,
  type ContractListQuery,
  type ContractListValue,
  type ContractOfferBody,
  type ContractSettlementListValue,
  type ContractSettlementQuery,
  type ContractStatus,
  type ContractTier,
  type IncomeQuery,
  type IncomeValue,
  type Lang,
} from '@apsara/contracts';
import { resolveRange } from '../bet-record/bet-record.service.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { StoredTier } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { ContractRow, ContractsRepository, ListedContract } from './contracts.repository.js';

/** Who acts: an agent on their own contracts, or an operator for the site (the upline of its top agents). */
export type ContractActor = { agent: AuthContext } | { site: OperatorContext; client: Client };

const OPS_WRITE = ['admin'] as const;
const OPS_READ = ['admin', 'finance'] as const;

const tierIssue = (message: string) => new AppError('VALIDATION_FAILED', ['tiers'], { fields: [{ field: 'tiers', rule: 'invalid', message }] });

/** The tiers as stored (minor units, hundredths of a percent), after the rules a schema cannot say. */
const storedTiers = (body: ContractOfferBody): StoredTier[] => {
  if ((body.kind === 'dividend') !== (body.period !== undefined)) {
    throw new AppError('VALIDATION_FAILED', ['period'], { fields: [{ field: 'period', rule: body.kind === 'dividend' ? 'required' : 'unknown', message: 'period is for dividend contracts only, and required there' }] });
  }
  const tiers = body.tiers.map((t) => {
    if ((body.kind === 'realtime') !== (t.lossRate !== undefined)) throw tierIssue('lossRate is for real-time salary only, and required there');
    return { threshold: toMinor(t.threshold).toString(), minActive: t.minActive, rateBp: rateToBp(t.rate), ...(t.lossRate !== undefined ? { lossRateBp: rateToBp(t.lossRate) } : {}) };
  });
  for (let i = 1; i < tiers.length; i++) {
    if (BigInt(tiers[i]!.threshold) <= BigInt(tiers[i - 1]!.threshold)) throw tierIssue('each tier’s threshold must be above the one before');
  }
  return tiers;
};

const maxBp = (tiers: StoredTier[]) => Math.max(...tiers.flatMap((t) => [t.rateBp, t.lossRateBp ?? 0]));

const tiersOut = (tiers: StoredTier[]): ContractTier[] =>
  tiers.map((t) => ({ threshold: fromMinor(BigInt(t.threshold)), minActive: t.minActive, rate: bpToRate(t.rateBp), ...(t.lossRateBp !== undefined ? { lossRate: bpToRate(t.lossRateBp) } : {}) }));

/**
 * Agent contracts (spec §4): offers, signing, rejecting, ending by agreement, and the rule that signing
 * a lower rate ends the downline contracts above it. Authorization lives here: an agent acts only on
 * contracts they hold or gave; the site (an admin) on contracts it gave its top agents.
 */
export const contractsService = (deps: { repo: ContractsRepository; audit: AuditRepository; now?: () => Date }) => {
  const { repo, audit } = deps;
  const now = deps.now ?? (() => new Date());

  const toContract = (c: ListedContract, viewer: { memberId: bigint } | 'site', conflicts: string[] = []): AgentContract => {
    const received = viewer !== 'site' && c.holder_id === viewer.memberId;
    return {
      id: c.id.toString(),
      kind: c.kind,
      role: received ? 'received' : 'given',
      counterpart: received ? c.upline_name : c.holder_name,
      ...(viewer === 'site' ? { upline: c.upline_name } : {}),
      status: c.status,
      period: c.period,
      tiers: tiersOut(c.tiers),
      terminationRequestedBy: c.termination_requested_by,
      endReason: c.end_reason,
      conflicts,
      createdAt: c.created_at.toISOString(),
      decidedAt: c.decided_at?.toISOString() ?? null,
      endedAt: c.ended_at?.toISOString() ?? null,
    };
  };

  /** For an offer the holder may sign: the contracts they gave that signing would end. */
  const conflictsOf = async (c: ListedContract) =>
    c.status === 'offered' ? (await repo.givenAbove(c.merchant_id, c.holder_id, c.kind, c.max_rate_bp)).filter((g) => g.status === 'active').map((g) => g.holder_name) : [];

  /** `kinds`: the kinds the caller's site runs (its config's contractKinds); an offer of another is refused. */
  const offer = async (actor: ContractActor, body: ContractOfferBody, kinds: ContractKindsConfig): Promise<AgentContract> => {
    const merchantId = 'agent' in actor ? actor.agent.merchantId : actor.site.merchantId;
    if ('site' in actor) allowRoles(actor.site, OPS_WRITE);
    else if (!isAgentType(actor.agent.type)) throw new AppError('AGENT_ONLY');
    if (!kinds[body.kind]) throw new AppError('CONTRACT_KIND_OFF', [], { fields: [{ field: 'kind', rule: 'off', message: '' }] });
    const tiers = storedTiers(body);
    const bp = maxBp(tiers);

    let holder: { id: bigint; type: number } | undefined;
    if ('agent' in actor) {
      holder = await repo.directDownline(merchantId, actor.agent.memberId, body.toUsername);
      // The agent shares what they hold: a contract of the kind, at no higher a rate.
      const own = await repo.activeOf(merchantId, actor.agent.memberId, body.kind);
      if (!own) throw new AppError('CONTRACT_NONE_OF_KIND');
      if (bp > own.max_rate_bp) throw new AppError('CONTRACT_RATE_TOO_HIGH', [bpToRate(own.max_rate_bp)], { fields: [{ field: 'tiers', rule: 'max', message: '' }] });
    } else {
      const top = await repo.topAgent(merchantId, body.toUsername);
      holder = top && top.parent_id === null ? top : undefined;
    }
    if (!holder || !isAgentType(holder.type)) throw new AppError('CONTRACT_TARGET_INVALID', [], { fields: [{ field: 'toUsername', rule: 'invalid', message: '' }] });

    try {
      const { id } = await repo.insert({
        merchant_id: merchantId,
        kind: body.kind,
        holder_id: holder.id,
        upline_id: 'agent' in actor ? actor.agent.memberId : null,
        offered_by: 'site' in actor ? actor.site.operatorId : null,
        period: body.period ?? null,
        tiers,
        max_rate_bp: bp,
      });
      if ('site' in actor) {
        await audit.record({ merchantId, operatorId: actor.site.operatorId, action: 'contract.offer', targetType: 'member', targetId: holder.id.toString(), after: { contractId: id.toString(), kind: body.kind, period: body.period ?? null, tiers: body.tiers }, ip: actor.client.ip });
      }
      const row = (await repo.find(merchantId, id))!;
      return toContract(row, 'agent' in actor ? { memberId: actor.agent.memberId } : 'site');
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONTRACT_OFFER_PENDING');
      throw e;
    }
  };

  /** Ends every contract in `ids` inside `tx` for `reason`. */
  const end = async (tx: Tx, ids: bigint[], status: 'terminated' | 'withdrawn', reason: ContractRow['end_reason'], at: Date) => {
    for (const id of ids) await repo.update(tx, id, { status, end_reason: reason, ended_at: at, termination_requested_by: null });
  };

  /**
   * sign / reject / terminate, by the holder or the upline (the site for its own offers):
   * - an offer: the holder signs (it replaces their signed one of the kind, and ends the contracts they
   *   gave above its rate) or rejects; the upline withdraws it with terminate;
   * - a signed contract: terminate asks to end it; the other side signs (it ends) or rejects (it stays).
   */
  const act = async (actor: ContractActor, kind: ContractKind | undefined, contractId: string, action: ContractAction, kinds: ContractKindsConfig): Promise<AgentContract> => {
    const merchantId = 'agent' in actor ? actor.agent.merchantId : actor.site.merchantId;
    if ('site' in actor) allowRoles(actor.site, OPS_WRITE);
    const at = now();
    const result = await repo.db.transaction().execute(async (tx) => {
      const c = await repo.lock(tx, merchantId, BigInt(contractId));
      const role = !c || (kind && c.kind !== kind) ? undefined
        : 'site' in actor ? (c.upline_id === null ? 'upline' : undefined)
        : c.holder_id === actor.agent.memberId ? 'holder'
        : c.upline_id === actor.agent.memberId ? 'upline'
        : undefined;
      if (!c || !role) throw new AppError('CONTRACT_NOT_FOUND');
      const invalid = () => new AppError('CONTRACT_ACTION_INVALID');
      const before = { status: c.status, terminationRequestedBy: c.termination_requested_by };

      if (c.status === 'offered') {
        if (role === 'holder' && action === 'sign') {
          // An offer made before the site switched its kind off stays unsigned: it can still be rejected or withdrawn.
          if (!kinds[c.kind]) throw new AppError('CONTRACT_KIND_OFF');
          const previous = await repo.activeOf(merchantId, c.holder_id, c.kind, tx);
          if (previous) await end(tx, [previous.id], 'terminated', 'replaced', at);
          // Spec §4: a lower rate than the holder gave their own downlines ends those contracts (and
          // withdraws offers above it).
          const above = await repo.givenAbove(merchantId, c.holder_id, c.kind, c.max_rate_bp, tx);
          await end(tx, above.filter((g) => g.status === 'active').map((g) => g.id), 'terminated', 'upline_rate_lowered', at);
          await end(tx, above.filter((g) => g.status === 'offered').map((g) => g.id), 'withdrawn', 'upline_rate_lowered', at);
          await repo.update(tx, c.id, { status: 'active', decided_at: at });
        } else if (role === 'holder' && action === 'reject') {
          await repo.update(tx, c.id, { status: 'rejected', decided_at: at });
        } else if (role === 'upline' && action === 'terminate') {
          await repo.update(tx, c.id, { status: 'withdrawn', ended_at: at });
        } else throw invalid();
      } else if (c.status === 'active') {
        const other = c.termination_requested_by !== null && c.termination_requested_by !== role;
        if (action === 'terminate' && c.termination_requested_by === null) {
          await repo.update(tx, c.id, { termination_requested_by: role });
        } else if ((action === 'terminate' || action === 'sign') && other) {
          await end(tx, [c.id], 'terminated', 'agreed', at);
        } else if (action === 'reject' && other) {
          await repo.update(tx, c.id, { termination_requested_by: null });
        } else throw invalid();
      } else throw invalid();

      if ('site' in actor) {
        const after = await repo.lock(tx, merchantId, c.id);
        await audit.record({ merchantId, operatorId: actor.site.operatorId, action: `contract.${action}`, targetType: 'contract', targetId: c.id.toString(), before, after: { status: after!.status, terminationRequestedBy: after!.termination_requested_by }, ip: actor.client.ip }, tx);
      }
      return c.id;
    });
    const row = (await repo.find(merchantId, result))!;
    return toContract(row, 'agent' in actor ? { memberId: actor.agent.memberId } : 'site', 'agent' in actor ? await conflictsOf(row) : []);
  };

  const list = async (actor: ContractActor, query: ContractListQuery & { status?: ContractStatus }): Promise<ContractListValue> => {
    const merchantId = 'agent' in actor ? actor.agent.merchantId : actor.site.merchantId;
    if ('site' in actor) allowRoles(actor.site, OPS_READ);
    else if (!isAgentType(actor.agent.type)) throw new AppError('AGENT_ONLY');
    const who = 'agent' in actor ? { memberId: actor.agent.memberId, role: query.role } : { site: true as const };
    const { items, total } = await repo.page(merchantId, who, { kind: query.kind, status: query.status }, query.page, LIST_PAGE_SIZE);
    const viewer = 'agent' in actor ? { memberId: actor.agent.memberId } : ('site' as const);
    const out = await Promise.all(items.map(async (c) => toContract(c, viewer, viewer !== 'site' && c.holder_id === viewer.memberId ? await conflictsOf(c) : [])));
    return { items: out, page: query.page, pageSize: LIST_PAGE_SIZE, total };
  };

  /** Spec §3 consolidated contract info; nulls for trial accounts and members (spec §4); with the kinds the site runs. */
  const consolidated = async (auth: AuthContext, kinds: ContractKindsConfig): Promise<ConsolidatedContractValue> => {
    const state: Record<ContractKind, 'new' | 'termination' | 'success' | null> = { dividend: null, daily: null, hourly: null, realtime: null };
    if (!isTrialType(auth.type) && isAgentType(auth.type)) {
      const rows = await repo.waiting(auth.merchantId, auth.memberId);
      for (const kind of CONTRACT_KINDS) {
        const mine = rows.filter((r) => r.kind === kind);
        state[kind] = mine.some((r) => r.status === 'offered') ? 'new'
          : mine.some((r) => r.status === 'active' && r.termination_requested_by === 'upline') ? 'termination'
          : mine.some((r) => r.status === 'active') ? 'success'
          : null;
      }
    }
    const switches = Object.fromEntries(CONTRACT_KINDS.map((k) => [CONTRACT_KIND_SWITCHES[k], kinds[k]])) as Record<(typeof CONTRACT_KIND_SWITCHES)[ContractKind], boolean>;
    return { dailysalreqtype: state.daily, divtypereq: state.dividend, contracthoursalreq: state.hourly, realtimesalreqtype: state.realtime, ...switches };
  };

  const settlements = async (actor: ContractActor, query: ContractSettlementQuery): Promise<ContractSettlementListValue> => {
    const merchantId = 'agent' in actor ? actor.agent.merchantId : actor.site.merchantId;
    if ('site' in actor) allowRoles(actor.site, OPS_READ);
    else if (!isAgentType(actor.agent.type)) throw new AppError('AGENT_ONLY');
    const who = 'agent' in actor ? { memberId: actor.agent.memberId } : { site: true as const };
    const { items, total } = await repo.settlementsPage(merchantId, who, query.contractId === undefined ? undefined : BigInt(query.contractId), query.page, LIST_PAGE_SIZE);
    return {
      items: items.map((s) => ({
        id: s.id.toString(),
        contractId: s.contract_id.toString(),
        kind: s.kind,
        holder: s.holder_name,
        periodStart: s.period_start.toISOString(),
        periodEnd: s.period_end.toISOString(),
        basis: fromMinor(s.basis),
        active: s.active,
        rate: s.rate_bp === null ? null : bpToRate(s.rate_bp),
        amount: fromMinor(s.amount),
        status: s.status,
        createdAt: s.created_at.toISOString(),
      })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
    };
  };

  /** agentRevenueReport: contract income per kind over a range (periods ending in it). */
  const income = async (auth: AuthContext, query: IncomeQuery, lang: Lang): Promise<IncomeValue> => {
    if (!isAgentType(auth.type)) throw new AppError('AGENT_ONLY');
    const range = resolveRange(query, lang, now());
    const rows = await repo.income(auth.merchantId, auth.memberId, range);
    const sums = (r: { received: bigint; paid_out: bigint; unpaid: bigint }) => ({ received: fromMinor(r.received), paidOut: fromMinor(r.paid_out), net: fromMinor(r.received - r.paid_out), unpaid: fromMinor(r.unpaid) });
    const total = rows.reduce((t, r) => ({ received: t.received + r.received, paid_out: t.paid_out + r.paid_out, unpaid: t.unpaid + r.unpaid }), { received: 0n, paid_out: 0n, unpaid: 0n });
    return {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      kinds: CONTRACT_KINDS.flatMap((kind) => rows.filter((r) => r.kind === kind).map((r) => ({ kind, ...sums(r) }))),
      total: sums(total),
    };
  };

  return { offer, act, list, consolidated, settlements, income };
};
export type ContractsService = ReturnType<typeof contractsService>;
