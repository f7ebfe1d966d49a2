import { CONTRACT_KINDS, MISSION_METRICS, MISSION_PERIODS, type MemTransDetail } from '@apsara/contracts';

/** One ledger entry of the member's, with what the history query joins to it. */
export type MovementRow = {
  type: string;
  reference: string | null;
  metadata: unknown;
  /** The entry's amount on the member's account: negative when money left it. */
  amount: bigint;
  /** The withdrawal this posting paid, when it was one. */
  withdrawalId: bigint | null;
};

/** `VENDOR:rest` → [VENDOR, rest]; the rest may itself hold colons (a vendor's round id). */
const splitVendor = (reference: string | null): [string, string] | undefined => {
  const at = reference?.indexOf(':') ?? -1;
  if (!reference || at <= 0 || at === reference.length - 1) return undefined;
  return [reference.slice(0, at), reference.slice(at + 1)];
};

const field = (metadata: unknown, name: string): unknown =>
  metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>)[name] : undefined;

/**
 * What a movement in the account record was, from the posting's type, its reference and metadata (the
 * shapes the posting services write), for the page to put into words. A reference in a shape this does
 * not know gives `other`, and the page shows the reference itself.
 */
export const movementDetail = (row: MovementRow): MemTransDetail => {
  const { type, reference } = row;
  switch (type) {
    case 'DEPOSIT': {
      const id = /^deposit:(\d+)$/.exec(reference ?? '')?.[1];
      return id ? { kind: 'deposit', id } : { kind: 'other' };
    }
    case 'WITHDRAWAL':
      return { kind: 'withdrawal', id: row.withdrawalId?.toString() ?? null };
    case 'ADJUSTMENT':
      return { kind: 'adjustment' };
    case 'WALLET_TRANSFER':
    case 'WALLET_RECOVER': {
      if (field(row.metadata, 'recoverAll') === true) return { kind: 'recoverAll' };
      const from = field(row.metadata, 'from');
      const to = field(row.metadata, 'to');
      return typeof from === 'string' && typeof to === 'string' ? { kind: 'wallet', from, to } : { kind: 'other' };
    }
    case 'MEMBER_TRANSFER': {
      // `sender>receiver`: usernames never hold '>'.
      const [sender, receiver, extra] = (reference ?? '').split('>');
      if (!sender || !receiver || extra !== undefined) return { kind: 'other' };
      return row.amount < 0n ? { kind: 'member', direction: 'to', username: receiver } : { kind: 'member', direction: 'from', username: sender };
    }
    case 'GAME_BET':
    case 'GAME_WIN':
    case 'GAME_ROLLBACK': {
      const parts = splitVendor(reference);
      return parts ? { kind: 'round', vendor: parts[0], roundId: parts[1] } : { kind: 'other' };
    }
    case 'VENDOR_TRANSFER_IN':
    case 'VENDOR_TRANSFER_OUT':
    case 'VENDOR_TRANSFER_REVERSAL': {
      const parts = splitVendor(reference);
      return parts ? { kind: 'vendor', vendor: parts[0], transactionId: parts[1] } : { kind: 'other' };
    }
    case 'VENDOR_GAME_RESULT': {
      const parts = splitVendor(reference);
      return parts ? { kind: 'vendorResult', vendor: parts[0] } : { kind: 'other' };
    }
    case 'AGENT_SALARY':
    case 'AGENT_DIVIDEND': {
      const kind = field(row.metadata, 'kind');
      const contractKind = CONTRACT_KINDS.find((k) => k === kind);
      return contractKind ? { kind: 'contract', contractKind, direction: row.amount < 0n ? 'paid' : 'received' } : { kind: 'other' };
    }
    case 'PROMOTION_BONUS':
      return reference && /^PR\d{8,}$/.test(reference) ? { kind: 'promotion', number: reference } : { kind: 'other' };
    case 'REFERRAL_REWARD': {
      const friend = field(row.metadata, 'friend');
      return typeof friend === 'string' ? { kind: 'referral', friend } : { kind: 'other' };
    }
    case 'MISSION_REWARD': {
      const period = field(row.metadata, 'period');
      const metric = field(row.metadata, 'metric');
      const target = field(row.metadata, 'target');
      const p = MISSION_PERIODS.find((x) => x === period);
      const m = MISSION_METRICS.find((x) => x === metric);
      return p && m && typeof target === 'string' ? { kind: 'mission', period: p, metric: m, target } : { kind: 'other' };
    }
    case 'LEADERBOARD_PRIZE': {
      const rank = field(row.metadata, 'rank');
      const period = field(row.metadata, 'period');
      const schedule = MISSION_PERIODS.find((x) => x === field(row.metadata, 'kind'));
      return typeof rank === 'number' && Number.isInteger(rank) && typeof period === 'string' && schedule ? { kind: 'leaderboard', rank, schedule, period } : { kind: 'other' };
    }
    case 'VIP_UPGRADE_BONUS': {
      const level = field(row.metadata, 'level');
      return typeof level === 'number' && Number.isInteger(level) && level > 0 ? { kind: 'vip', level } : { kind: 'other' };
    }
    case 'REBATE': {
      const rounds = field(row.metadata, 'rounds');
      return typeof rounds === 'number' && Number.isInteger(rounds) && rounds > 0 ? { kind: 'rebate', rounds } : { kind: 'other' };
    }
    default:
      return { kind: 'other' };
  }
};
