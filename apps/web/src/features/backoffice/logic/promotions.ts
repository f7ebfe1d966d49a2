import {
  OpsPromotionBody,
  OpsPromotionPatch,
  PROMOTION_MAX_PRIZES,
  toMinor,
  type OpsPromotion,
  type PromotionArt,
  type PromotionCategory,
  type PromotionMechanic,
  type PromotionRepeat,
} from '@apsara/contracts';
import { TEXT_LANGS, isoToWall, textOf, textsOf, wallToIso, type TextLang, type Texts } from './announcements';
import { normalMoney } from './settings';

/*
 * The promotions form (POST /ops/promotions, PATCH /ops/promotions/:id; docs/promotions.md). Inputs
 * hold text, so the form has its own values, the conversion both ways, and a check that gives the
 * contract's verdict field by field: each field is parsed with the contract's own field schema
 * (OpsPromotionBody.shape), the mechanic's rules are those of its superRefine, and the whole body's
 * parse has the last word. promotions.test.ts holds the check and the contract to the same verdicts.
 * A promotion's code, mechanic and money terms are fixed once created (members take part on them):
 * an edit sends only what PATCH takes.
 */

/** The money terms each mechanic takes (the contract refuses the others). */
export const MECHANIC_TERMS = {
  deposit: { percent: true, minDeposit: true, bonus: false, maxBonus: true, firstDepositOnly: true, prizes: false, proof: false, repeat: true, pool: false },
  apply: { percent: false, minDeposit: false, bonus: true, maxBonus: true, firstDepositOnly: false, prizes: false, proof: true, repeat: true, pool: false },
  // A raffle is drawn once a day, and red envelopes are opened one a day: their repeat is fixed.
  raffle: { percent: false, minDeposit: true, bonus: false, maxBonus: false, firstDepositOnly: false, prizes: true, proof: false, repeat: false, pool: false },
  envelope: { percent: false, minDeposit: true, bonus: false, maxBonus: false, firstDepositOnly: false, prizes: false, proof: false, repeat: false, pool: true },
} as const satisfies Record<PromotionMechanic, Record<string, boolean>>;

export const PROMO_TEXT_FIELDS = ['title', 'summary', 'body'] as const;
export type PromoTextField = (typeof PROMO_TEXT_FIELDS)[number];
/** The contract's limits of each text (LocalizedText, localizedTextOf(300), localizedTextOf(4000)). */
export const PROMO_TEXT_MAX: Record<PromoTextField, number> = { title: 120, summary: 300, body: 4000 };

export type PrizeRow = { amount: string; weight: string };

export type PromotionForm = {
  code: string;
  mechanic: PromotionMechanic;
  repeat: PromotionRepeat;
  category: PromotionCategory;
  art: PromotionArt;
  title: Texts;
  summary: Texts;
  body: Texts;
  /** The site's wall clock, "yyyy-MM-ddTHH:mm". */
  startsAt: string;
  /** '' = no end. */
  endsAt: string;
  visible: boolean;
  sort: string;
  bonus: string;
  percent: string;
  maxBonus: string;
  minDeposit: string;
  firstDepositOnly: boolean;
  turnoverMultiple: string;
  prizes: PrizeRow[];
  proof: 'none' | 'optional' | 'required';
  /** Red envelopes: the day's pool and how many envelopes share it. */
  poolTotal: string;
  envelopeCount: string;
};

const noTexts = (): Texts => ({ en: '', km: '', cn: '' });

/** What a new promotion of a mechanic starts as: from this minute, no end, shown, the usual terms. */
export const newPromotionForm = (mechanic: PromotionMechanic, timeZone: string, now: Date = new Date()): PromotionForm => ({
  code: '',
  mechanic,
  repeat: MECHANIC_TERMS[mechanic].repeat ? 'once' : 'daily',
  category: mechanic === 'deposit' ? 'DEPOSIT' : mechanic === 'raffle' ? 'DAILY' : 'SPECIAL',
  art: mechanic === 'deposit' ? 'reload' : mechanic === 'raffle' ? 'wheel' : mechanic === 'envelope' ? 'welcome' : 'gift',
  title: noTexts(),
  summary: noTexts(),
  body: noTexts(),
  startsAt: isoToWall(now.toISOString(), timeZone),
  endsAt: '',
  visible: true,
  sort: '0',
  bonus: '',
  percent: '',
  maxBonus: '',
  minDeposit: '',
  firstDepositOnly: false,
  turnoverMultiple: '1',
  prizes: mechanic === 'raffle' ? [{ amount: '', weight: '1' }] : [],
  proof: 'none',
  poolTotal: '',
  envelopeCount: '',
});

/** A promotion as the form shows it (its terms too, which an edit leaves as they are). */
export const toPromotionForm = (p: OpsPromotion, timeZone: string): PromotionForm => ({
  code: p.code,
  mechanic: p.mechanic,
  repeat: p.repeat,
  category: p.category,
  art: p.art,
  title: textsOf(p.title),
  summary: textsOf(p.summary),
  body: textsOf(p.body),
  startsAt: isoToWall(p.startsAt, timeZone),
  endsAt: isoToWall(p.endsAt, timeZone),
  visible: p.visible,
  sort: String(p.sort),
  bonus: p.terms.bonus ?? '',
  percent: p.terms.percent === null ? '' : String(p.terms.percent),
  maxBonus: p.terms.maxBonus ?? '',
  minDeposit: p.terms.minDeposit ?? '',
  firstDepositOnly: p.terms.firstDepositOnly,
  turnoverMultiple: String(p.terms.turnoverMultiple),
  prizes: (p.terms.prizes ?? []).map((x) => ({ amount: x.amount, weight: String(x.weight) })),
  proof: p.terms.proof,
  poolTotal: p.terms.poolTotal ?? '',
  envelopeCount: p.terms.envelopeCount === null ? '' : String(p.terms.envelopeCount),
});

const WHOLE = /^\d{1,7}$/;
/** A whole number as typed, else NaN (the contract refuses it, on its field). */
const whole = (text: string): number => (WHOLE.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const money = (text: string): string | undefined => (text.trim() ? normalMoney(text) : undefined);

/** The schedule and presentation: the fields both POST and PATCH take. */
const sharedOf = (f: PromotionForm, timeZone: string) => ({
  category: f.category,
  art: f.art,
  title: textOf(f.title),
  summary: textOf(f.summary),
  body: textOf(f.body),
  startsAt: wallToIso(f.startsAt, timeZone),
  endsAt: f.endsAt.trim() ? (wallToIso(f.endsAt, timeZone) ?? 'invalid') : null,
  visible: f.visible,
  sort: whole(f.sort),
});

/**
 * The body of POST /ops/promotions as the form stands: only the terms the mechanic takes, an empty
 * optional amount left out. Unparsed (the check runs the contract on it).
 */
export const draftOf = (f: PromotionForm, timeZone: string): Record<string, unknown> => {
  const has = MECHANIC_TERMS[f.mechanic];
  const draft: Record<string, unknown> = {
    code: f.code.trim(),
    mechanic: f.mechanic,
    repeat: has.repeat ? f.repeat : 'daily',
    ...sharedOf(f, timeZone),
    turnoverMultiple: whole(f.turnoverMultiple),
  };
  const put = (key: string, value: unknown) => {
    if (value !== undefined) draft[key] = value;
  };
  if (has.bonus) put('bonus', money(f.bonus));
  if (has.percent) put('percent', f.percent.trim() ? whole(f.percent) : undefined);
  if (has.maxBonus) put('maxBonus', money(f.maxBonus));
  if (has.minDeposit) put('minDeposit', money(f.minDeposit));
  if (has.firstDepositOnly) draft.firstDepositOnly = f.firstDepositOnly;
  if (has.prizes) draft.prizes = f.prizes.map((p) => ({ amount: normalMoney(p.amount), weight: whole(p.weight) }));
  if (has.proof) draft.proof = f.proof;
  if (has.pool) {
    put('poolTotal', money(f.poolTotal));
    put('envelopeCount', f.envelopeCount.trim() ? whole(f.envelopeCount) : undefined);
  }
  return draft;
};

/** The body to send once `checkPromotionForm` found nothing. */
export const promotionBodyOf = (f: PromotionForm, timeZone: string): OpsPromotionBody => OpsPromotionBody.parse(draftOf(f, timeZone));

const PATCH_KEYS = ['category', 'art', 'title', 'summary', 'body', 'startsAt', 'endsAt', 'visible', 'sort'] as const;

/**
 * The change of an edited promotion: the fields PATCH takes whose value differs from the one it was
 * opened with (read through the same form, so a text written as one string is not "changed" into
 * {en}). Never the code, the mechanic or a term. Another operator's change to a field left alone is kept.
 */
export const promotionPatchOf = (original: OpsPromotion, f: PromotionForm, timeZone: string): Record<string, unknown> => {
  const before = sharedOf(toPromotionForm(original, timeZone), timeZone);
  const after = sharedOf(f, timeZone);
  const patch: Record<string, unknown> = {};
  for (const key of PATCH_KEYS) if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) patch[key] = after[key];
  return patch;
};

// ---- The check ----

/** A form field by its path ("title.en", "percent", "prizes.1.amount", "root"). */
export type PromoFormPath = string;
/** A problem on a field: the message key (ops `promotionsAdmin.rule.<rule>`) and its values. */
export type PromoIssue = { path: PromoFormPath; rule: string; vars?: Record<string, string | number> };

const textIssues = (f: PromotionForm, field: PromoTextField): PromoIssue[] => {
  const texts = f[field];
  const issues: PromoIssue[] = [];
  const others = texts.km.trim() || texts.cn.trim();
  if (!texts.en.trim()) issues.push({ path: `${field}.en`, rule: others ? 'en_required' : 'text_required' });
  for (const lang of TEXT_LANGS) {
    if (texts[lang].trim().length > PROMO_TEXT_MAX[field]) issues.push({ path: `${field}.${lang}`, rule: 'too_long', vars: { max: PROMO_TEXT_MAX[field] } });
  }
  return issues;
};

/** The rule named when a field's own schema refuses its value. */
const FIELD_RULE: Record<string, string> = {
  code: 'code',
  bonus: 'money',
  maxBonus: 'money',
  minDeposit: 'money',
  percent: 'percent',
  turnoverMultiple: 'turnover',
  poolTotal: 'money',
  envelopeCount: 'envelope_count',
  sort: 'sort',
  startsAt: 'datetime_invalid',
  endsAt: 'datetime_invalid',
};

/**
 * A field of the contract's body (or of the server's VALIDATION_FAILED) as the form's path: a text's
 * language box ("title.km"; a whole text on its English box), a prize's box; anything the form has no
 * box for goes to the root.
 */
export const promoFormPathOf = (field: string): PromoFormPath => {
  const [head, second, third] = field.split('.');
  if ((PROMO_TEXT_FIELDS as readonly string[]).includes(head)) return `${head}.${(TEXT_LANGS as readonly string[]).includes(second ?? '') ? (second as TextLang) : 'en'}`;
  if (head === 'prizes') return second !== undefined && /^\d+$/.test(second) && (third === 'amount' || third === 'weight') ? `prizes.${second}.${third}` : 'prizes';
  const known = ['code', 'mechanic', 'repeat', 'category', 'art', 'startsAt', 'endsAt', 'visible', 'sort', 'bonus', 'percent', 'maxBonus', 'minDeposit', 'firstDepositOnly', 'turnoverMultiple', 'proof', 'poolTotal', 'envelopeCount'];
  return known.includes(head) ? head : 'root';
};

const shape = OpsPromotionBody.shape;

/**
 * The form's problems, one per field at most, in the order the form shows them. `edit`: only what
 * PATCH takes is checked (the rest is fixed). No problems means the contract accepts the body.
 */
export const checkPromotionForm = (f: PromotionForm, timeZone: string, mode: 'create' | 'edit' = 'create'): PromoIssue[] => {
  const issues: PromoIssue[] = [];
  const taken = new Set<string>();
  const add = (issue: PromoIssue) => {
    if (taken.has(issue.path)) return;
    taken.add(issue.path);
    issues.push(issue);
  };
  const draft = draftOf(f, timeZone);
  const fieldOk = (key: keyof typeof shape) => shape[key].safeParse(draft[key]).success;

  if (mode === 'create' && !fieldOk('code')) add({ path: 'code', rule: 'code' });
  for (const field of PROMO_TEXT_FIELDS) for (const issue of textIssues(f, field)) add(issue);
  if (!f.startsAt.trim()) add({ path: 'startsAt', rule: 'start_required' });
  else if (draft.startsAt === null) add({ path: 'startsAt', rule: 'datetime_invalid' });
  if (draft.endsAt === 'invalid') add({ path: 'endsAt', rule: 'datetime_invalid' });
  else if (typeof draft.startsAt === 'string' && typeof draft.endsAt === 'string' && Date.parse(draft.endsAt) <= Date.parse(draft.startsAt)) add({ path: 'endsAt', rule: 'end_order' });
  if (!fieldOk('sort')) add({ path: 'sort', rule: 'sort' });

  if (mode === 'create') {
    const has = MECHANIC_TERMS[f.mechanic];
    for (const key of ['bonus', 'percent', 'maxBonus', 'minDeposit', 'turnoverMultiple', 'poolTotal', 'envelopeCount'] as const) {
      if (draft[key] !== undefined && !fieldOk(key)) add({ path: key, rule: FIELD_RULE[key] });
    }
    // What the mechanic needs (the contract's superRefine, in the form's words).
    if (f.mechanic === 'deposit') {
      if (draft.percent === undefined) add({ path: 'percent', rule: 'percent_required' });
      if (draft.minDeposit === undefined) add({ path: 'minDeposit', rule: 'min_deposit_required' });
    }
    if (has.pool) {
      if (draft.poolTotal === undefined) add({ path: 'poolTotal', rule: 'pool_required' });
      if (draft.envelopeCount === undefined) add({ path: 'envelopeCount', rule: 'count_required' });
      // Every envelope holds at least 0.01.
      if (!taken.has('poolTotal') && !taken.has('envelopeCount') && typeof draft.poolTotal === 'string' && typeof draft.envelopeCount === 'number' && toMinor(draft.poolTotal) < BigInt(draft.envelopeCount)) {
        add({ path: 'poolTotal', rule: 'pool_under_count' });
      }
    }
    if (f.mechanic === 'apply' && draft.bonus === undefined && draft.maxBonus === undefined) add({ path: 'maxBonus', rule: 'bonus_or_max' });
    if (has.bonus && has.maxBonus && !taken.has('bonus') && !taken.has('maxBonus') && typeof draft.bonus === 'string' && typeof draft.maxBonus === 'string' && toMinor(draft.bonus) > toMinor(draft.maxBonus)) {
      add({ path: 'bonus', rule: 'bonus_over_max' });
    }
    if (has.prizes) {
      if (f.prizes.length === 0) add({ path: 'prizes', rule: 'prizes_required' });
      else if (f.prizes.length > PROMOTION_MAX_PRIZES) add({ path: 'prizes', rule: 'prizes_max', vars: { max: PROMOTION_MAX_PRIZES } });
      else {
        const parsed = shape.prizes.safeParse(draft.prizes);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const [index, key] = issue.path;
            if (typeof index === 'number' && (key === 'amount' || key === 'weight')) add({ path: `prizes.${index}.${key}`, rule: key === 'amount' ? 'money' : 'weight' });
          }
        }
      }
    }
  }

  // The contract has the last word: whatever else it refuses lands on its field.
  if (issues.length === 0) {
    const parsed = mode === 'create' ? OpsPromotionBody.safeParse(draft) : OpsPromotionPatch.safeParse(Object.fromEntries(PATCH_KEYS.map((k) => [k, draft[k]])));
    if (!parsed.success) for (const issue of parsed.error.issues) add({ path: promoFormPathOf(issue.path.map(String).join('.')), rule: 'invalid' });
  }
  return issues;
};

/**
 * The form's own words for a rule the server names in VALIDATION_FAILED (or PROMOTION_CODE_TAKEN);
 * null for the others, whose message (in the operator's language) is shown as it came.
 */
export const serverPromoRule = (f: { field: string; rule: string }): string | null => {
  if (f.field === 'code' && f.rule === 'unique') return 'code_taken';
  if (f.field === 'endsAt' && f.rule === 'after_start') return 'end_order';
  return null;
};

/** Where a promotion stands for the list: its phase, and whether players see it at all. */
export const promotionShown = (p: Pick<OpsPromotion, 'visible' | 'phase'>): 'hidden' | OpsPromotion['phase'] => (p.visible ? p.phase : 'hidden');

/** The list's filter (?show=): where promotions stand, or the hidden ones; anything else is no filter. */
export const PROMO_SHOW_FILTERS = ['in_progress', 'coming_soon', 'closed', 'hidden'] as const;
export type PromoShowFilter = (typeof PROMO_SHOW_FILTERS)[number];
export const showFromSearch = (raw: string | null): PromoShowFilter | undefined => ((PROMO_SHOW_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as PromoShowFilter) : undefined);
/** Whether a promotion passes the filter: a phase filter counts only shown promotions. */
export const passesShow = (p: Pick<OpsPromotion, 'visible' | 'phase'>, show: PromoShowFilter | undefined): boolean => !show || promotionShown(p) === show;
