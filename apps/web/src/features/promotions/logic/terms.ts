import { toMinor, type PromotionTerms, type Promotion } from '@apsara/contracts';

/**
 * A text of the promotions namespace with its values. Values that are wire amounts ("188.00") are
 * formatted with the currency symbol where they are shown (hooks/use-term-text.ts), so these stay
 * testable without i18n.
 */
export type TermText = { key: string; values?: Record<string, string> };

type Termed = Pick<Promotion, 'mechanic' | 'repeat' | 'terms'> & Partial<Pick<Promotion, 'envelopesLeft'>>;

/** The least and the most a raffle pays; null without prizes. */
export const prizeRange = (prizes: PromotionTerms['prizes']): { min: string; max: string } | null => {
  if (!prizes?.length) return null;
  const sorted = [...prizes].sort((a, b) => (toMinor(a.amount) < toMinor(b.amount) ? -1 : toMinor(a.amount) > toMinor(b.amount) ? 1 : 0));
  return { min: sorted[0].amount, max: sorted[sorted.length - 1].amount };
};

/** What one claim pays, in a few words: "100% up to $188.00", "Up to $50.00", "$8.00", "Prizes up to $88.00", "$888.00 in 188 envelopes a day". */
export const bonusTerm = ({ mechanic, terms }: Termed): TermText | null => {
  if (mechanic === 'envelope') {
    return terms.poolTotal && terms.envelopeCount !== null ? { key: 'terms.envelope_pool', values: { pool: terms.poolTotal, count: String(terms.envelopeCount) } } : null;
  }
  if (mechanic === 'raffle') {
    const range = prizeRange(terms.prizes);
    return range && { key: 'terms.prizes_up_to', values: { max: range.max } };
  }
  if (mechanic === 'deposit' && terms.percent !== null) {
    return terms.maxBonus ? { key: 'terms.percent_up_to', values: { percent: String(terms.percent), max: terms.maxBonus } } : { key: 'terms.percent', values: { percent: String(terms.percent) } };
  }
  if (terms.bonus) return { key: 'terms.fixed', values: { amount: terms.bonus } };
  if (terms.maxBonus) return { key: 'terms.up_to', values: { max: terms.maxBonus } };
  return null;
};

/** The mechanics whose minimum deposit is the day's: one draw or envelope a day after it. */
const DEPOSIT_TODAY = new Set<Promotion['mechanic']>(['raffle', 'envelope']);

/**
 * The key terms a card shows as chips, in the order a member weighs them: what it pays, what it asks
 * (a deposit, a first deposit, a screenshot), the turnover before a withdrawal, and how often.
 */
export const keyTerms = (p: Termed): TermText[] => {
  const { terms, mechanic } = p;
  const out: TermText[] = [];
  const bonus = bonusTerm(p);
  if (bonus) out.push(bonus);
  if (terms.minDeposit) out.push({ key: DEPOSIT_TODAY.has(mechanic) ? 'terms.min_deposit_today' : 'terms.min_deposit', values: { amount: terms.minDeposit } });
  if (terms.firstDepositOnly) out.push({ key: 'terms.first_deposit' });
  if (mechanic === 'envelope' && p.envelopesLeft !== undefined && p.envelopesLeft !== null && terms.envelopeCount !== null) {
    out.push({ key: 'terms.envelopes_left', values: { count: String(p.envelopesLeft), total: String(terms.envelopeCount) } });
  }
  if (mechanic === 'apply' && terms.proof === 'required') out.push({ key: 'terms.proof_required' });
  out.push(terms.turnoverMultiple > 0 ? { key: 'terms.turnover', values: { multiple: String(terms.turnoverMultiple) } } : { key: 'terms.no_turnover' });
  out.push({ key: p.repeat === 'daily' ? 'terms.daily' : 'terms.once' });
  return out;
};

/** One row of the detail popup's terms table: its name, and its value in words. */
export type TermRow = { label: string; value: TermText };

/** Every term of a promotion, for the detail popup's table. */
export const termRows = (p: Termed & Pick<Promotion, 'category'>): TermRow[] => {
  const { terms, mechanic } = p;
  const rows: TermRow[] = [
    { label: 'detail.row_category', value: { key: `category.${p.category}` } },
    { label: 'detail.row_mechanic', value: { key: `mechanic.${mechanic}` } },
  ];
  const bonus = bonusTerm(p);
  if (bonus) rows.push({ label: mechanic === 'raffle' ? 'detail.row_prizes' : mechanic === 'envelope' ? 'detail.row_pool' : 'detail.row_bonus', value: bonus });
  if (mechanic === 'envelope') rows.push({ label: 'detail.row_share', value: { key: 'detail.envelope_share' } });
  if (mechanic === 'apply' && !terms.bonus && terms.maxBonus) rows.push({ label: 'detail.row_decided', value: { key: 'detail.decided_by_site' } });
  if (terms.minDeposit) rows.push({ label: 'detail.row_min_deposit', value: { key: mechanic === 'envelope' ? 'detail.min_deposit_open_day' : mechanic === 'raffle' ? 'detail.min_deposit_today' : 'detail.min_deposit', values: { amount: terms.minDeposit } } });
  if (terms.firstDepositOnly) rows.push({ label: 'detail.row_who', value: { key: 'detail.first_deposit_only' } });
  rows.push({
    label: 'detail.row_turnover',
    value: terms.turnoverMultiple > 0 ? { key: 'detail.turnover', values: { multiple: String(terms.turnoverMultiple) } } : { key: 'detail.no_turnover' },
  });
  rows.push({ label: 'detail.row_repeat', value: { key: p.repeat === 'daily' ? 'detail.repeat_daily' : 'detail.repeat_once' } });
  if (mechanic === 'apply') rows.push({ label: 'detail.row_proof', value: { key: `detail.proof_${terms.proof}` } });
  return rows;
};

/** A raffle's prizes, most first, with each one's chance in percent to one decimal place ("12.5"). */
export const prizeChances = (prizes: PromotionTerms['prizes']): { amount: string; chance: string }[] => {
  if (!prizes?.length) return [];
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  return [...prizes]
    .sort((a, b) => (toMinor(b.amount) > toMinor(a.amount) ? 1 : toMinor(b.amount) < toMinor(a.amount) ? -1 : 0))
    .map((p) => ({ amount: p.amount, chance: total > 0 ? ((p.weight * 100) / total).toFixed(1) : '0.0' }));
};
