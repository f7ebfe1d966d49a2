import { MONEY_METRICS, type MemTransDetail, type MissionMetric } from '@apsara/contracts';
import { formatAmount, formatWhole } from './format';

/** A vendor number longer than this is shown by its start and end; the cell's title has it whole. */
const LONG_ID = 16;
export const shortId = (id: string) => (id.length > LONG_ID ? `${id.slice(0, 9)}…${id.slice(-4)}` : id);

type Translate = (key: string, vars?: Record<string, string>) => string;

/**
 * Where a feature keeps the words: `detail` is the prefix of the detail keys (deposit, withdrawal, …,
 * contract_paid), `mainWallet` the key of the main wallet's name, `contractKind` the prefix of the
 * contract kinds' names.
 */
export type MovementKeys = { detail: string; mainWallet: string; contractKind: string };

/**
 * A money movement in words, from the detail the server reads out of the ledger (which deposit, which
 * round, whom the money went to). A kind the page does not know shows the ledger's reference as it is.
 */
export const movementText = (detail: MemTransDetail | undefined, reference: string | null, t: Translate, keys: MovementKeys): string => {
  const k = (name: string) => `${keys.detail}.${name}`;
  const MAIN = 'MAIN';
  const wallet = (code: string) => (code === MAIN ? t(keys.mainWallet) : code);
  switch (detail?.kind) {
    case 'deposit':
      return t(k('deposit'), { id: detail.id });
    case 'withdrawal':
      return detail.id ? t(k('withdrawal'), { id: detail.id }) : t(k('withdrawal_unnumbered'));
    case 'adjustment':
      return t(k('adjustment'));
    case 'wallet':
      return t(k('wallet'), { from: wallet(detail.from), to: wallet(detail.to) });
    case 'recoverAll':
      return t(k('recoverAll'), { main: wallet(MAIN) });
    case 'member':
      return t(k(detail.direction === 'to' ? 'member_to' : 'member_from'), { username: detail.username });
    case 'round':
      return t(k('round'), { vendor: detail.vendor, roundId: shortId(detail.roundId) });
    case 'vendor':
      return t(k('vendor'), { vendor: detail.vendor, transactionId: shortId(detail.transactionId) });
    case 'vendorResult':
      return t(k('vendorResult'), { vendor: detail.vendor });
    case 'contract':
      return t(k(detail.direction === 'received' ? 'contract_received' : 'contract_paid'), { kind: t(`${keys.contractKind}.${detail.contractKind}`) });
    case 'promotion':
      return t(k('promotion'), { number: detail.number });
    case 'referral':
      return t(k('referral'), { friend: detail.friend });
    case 'mission':
      // "Daily mission · bets 200.00": the goal in the period's words (the record has no currency symbol).
      return t(k(`mission_${detail.period}`), { goal: t(k(`goal_${detail.metric}`), { target: missionTarget(detail.metric, detail.target) }) });
    case 'leaderboard':
      return t(k(`leaderboard_${detail.schedule}`), { rank: String(detail.rank), period: detail.period });
    case 'vip':
      return t(k('vip'), { level: String(detail.level) });
    case 'rebate':
      return t(k(detail.rounds === 1 ? 'rebate_one' : 'rebate_other'), { n: formatWhole(detail.rounds) });
    default:
      return reference ?? '—';
  }
};

/** A mission's target as the record shows it: an amount with separators, or a count. */
const missionTarget = (metric: MissionMetric, target: string) =>
  MONEY_METRICS.has(metric) ? formatAmount(target) : /^\d+$/.test(target) ? formatWhole(BigInt(target)) : target;

/** The whole vendor number behind a shortened one (a round's or a transfer's), for the cell's hover text. */
export const movementTitle = (detail: MemTransDetail | undefined): string | undefined => {
  if (detail?.kind === 'round' && detail.roundId.length > LONG_ID) return detail.roundId;
  if (detail?.kind === 'vendor' && detail.transactionId.length > LONG_ID) return detail.transactionId;
  return undefined;
};
