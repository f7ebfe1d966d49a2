import { describe, expect, it } from 'vitest';
import { OpsPromotionBody, OpsPromotionPatch, PROMOTION_ARTS, PROMOTION_CATEGORIES, PROMOTION_MECHANICS, PROMOTION_PHASES, PROMOTION_PROOF, PROMOTION_REPEATS, type OpsPromotion, type PromotionMechanic } from '@apsara/contracts';
import en from '../../../locales/en/ops.json';
import { flatTexts, type Tree } from '../../../i18n/locale-checks';
import {
  PROMO_SHOW_FILTERS,
  PROMO_TEXT_FIELDS,
  checkPromotionForm,
  draftOf,
  passesShow,
  showFromSearch,
  newPromotionForm,
  promoFormPathOf,
  promotionBodyOf,
  promotionPatchOf,
  promotionShown,
  serverPromoRule,
  toPromotionForm,
  type PromotionForm,
} from './promotions';

const ZONE = 'Asia/Phnom_Penh';
const NOW = new Date('2026-11-28T02:30:45.123Z');

/** A form of the mechanic that passes, as an operator fills the least of it. */
const filled = (mechanic: PromotionMechanic): PromotionForm => {
  const f = newPromotionForm(mechanic, ZONE, NOW);
  f.code = `new-${mechanic}`;
  f.title.en = 'Weekend reload';
  f.summary.en = 'Ten percent back on your deposit';
  f.body.en = 'Deposit 100.00 or more.\nClaim within the day.';
  if (mechanic === 'deposit') {
    f.percent = '10';
    f.minDeposit = '100';
  }
  if (mechanic === 'apply') f.bonus = '8';
  if (mechanic === 'raffle') f.prizes = [{ amount: '1.88', weight: '10' }, { amount: '88', weight: '1' }];
  if (mechanic === 'envelope') {
    f.poolTotal = '888';
    f.envelopeCount = '188';
  }
  return f;
};

const rules = (f: PromotionForm, mode: 'create' | 'edit' = 'create') => checkPromotionForm(f, ZONE, mode).map((i) => `${i.path}:${i.rule}`);

const promotion = (over: Partial<OpsPromotion> = {}): OpsPromotion => ({
  id: '7',
  code: 'daily-reload',
  category: 'DAILY',
  mechanic: 'deposit',
  repeat: 'daily',
  art: 'reload',
  title: 'Daily reload',
  summary: { en: '10% every day', km: 'ប្រចាំថ្ងៃ' },
  body: 'Rules',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  phase: 'in_progress',
  terms: { bonus: null, percent: 10, maxBonus: '50.00', minDeposit: '100.00', firstDepositOnly: false, turnoverMultiple: 3, prizes: null, proof: 'none', poolTotal: null, envelopeCount: null },
  envelopesLeft: null,
  visible: true,
  sort: 20,
  createdAt: '2026-11-01T00:00:00.000Z',
  applying: 0,
  ...over,
});

describe('the promotions form → POST /ops/promotions', () => {
  it('starts each mechanic with what it needs, a raffle daily with one prize row', () => {
    expect(newPromotionForm('raffle', ZONE, NOW)).toMatchObject({ repeat: 'daily', prizes: [{ amount: '', weight: '1' }], startsAt: '2026-11-28T09:30' });
    expect(newPromotionForm('deposit', ZONE, NOW)).toMatchObject({ repeat: 'once', prizes: [], category: 'DEPOSIT' });
  });

  it('sends one of each mechanic the contract accepts, with only the terms it takes', () => {
    for (const m of PROMOTION_MECHANICS) {
      expect(rules(filled(m)), m).toEqual([]);
      expect(OpsPromotionBody.safeParse(draftOf(filled(m), ZONE)).success, m).toBe(true);
    }
    expect(promotionBodyOf(filled('deposit'), ZONE)).toMatchObject({
      code: 'new-deposit',
      mechanic: 'deposit',
      percent: 10,
      minDeposit: '100.00',
      firstDepositOnly: false,
      turnoverMultiple: 1,
      startsAt: '2026-11-28T09:30:00+07:00',
      endsAt: null,
      title: 'Weekend reload',
    });
    const apply = draftOf({ ...filled('apply'), percent: '50', minDeposit: '10', prizes: [{ amount: '1', weight: '1' }], proof: 'required' }, ZONE);
    expect(apply).toMatchObject({ bonus: '8.00', proof: 'required' });
    expect(apply).not.toHaveProperty('percent');
    expect(apply).not.toHaveProperty('minDeposit');
    expect(apply).not.toHaveProperty('prizes');
    const raffle = draftOf({ ...filled('raffle'), repeat: 'once', bonus: '5', maxBonus: '9', minDeposit: '20' }, ZONE);
    expect(raffle).toMatchObject({ repeat: 'daily', minDeposit: '20.00', prizes: [{ amount: '1.88', weight: 10 }, { amount: '88.00', weight: 1 }] });
    expect(raffle).not.toHaveProperty('bonus');
    expect(raffle).not.toHaveProperty('maxBonus');
    expect(raffle).not.toHaveProperty('proof');
    expect(raffle).not.toHaveProperty('poolTotal');
    const envelope = draftOf({ ...filled('envelope'), repeat: 'once', bonus: '5', maxBonus: '9', minDeposit: '10', prizes: [{ amount: '1', weight: '1' }] }, ZONE);
    expect(envelope).toMatchObject({ mechanic: 'envelope', repeat: 'daily', minDeposit: '10.00', poolTotal: '888.00', envelopeCount: 188 });
    for (const key of ['bonus', 'maxBonus', 'prizes', 'proof', 'percent']) expect(envelope, key).not.toHaveProperty(key);
    expect(newPromotionForm('envelope', ZONE, NOW)).toMatchObject({ repeat: 'daily', art: 'welcome', prizes: [] });
  });

  it('writes texts in several languages as the contract takes them', () => {
    const f = filled('apply');
    f.title = { en: ' Gift ', km: 'អំណោយ', cn: '' };
    expect(draftOf(f, ZONE).title).toEqual({ en: 'Gift', km: 'អំណោយ' });
  });

  it("names each mechanic's missing terms as the contract's rules do", () => {
    const deposit = filled('deposit');
    deposit.percent = '';
    deposit.minDeposit = ' ';
    expect(rules(deposit)).toEqual(['percent:percent_required', 'minDeposit:min_deposit_required']);
    expect(OpsPromotionBody.safeParse(draftOf(deposit, ZONE)).success).toBe(false);

    const apply = filled('apply');
    apply.bonus = '';
    expect(rules(apply)).toEqual(['maxBonus:bonus_or_max']);
    apply.maxBonus = '500';
    expect(rules(apply)).toEqual([]);
    apply.bonus = '600';
    expect(rules(apply)).toEqual(['bonus:bonus_over_max']);
    expect(OpsPromotionBody.safeParse(draftOf(apply, ZONE)).success).toBe(false);

    const raffle = filled('raffle');
    raffle.prizes = [];
    expect(rules(raffle)).toEqual(['prizes:prizes_required']);
    raffle.prizes = [{ amount: '0', weight: '1' }, { amount: '5', weight: '0' }];
    expect(rules(raffle)).toEqual(['prizes.0.amount:money', 'prizes.1.weight:weight']);
    raffle.prizes = Array.from({ length: 13 }, () => ({ amount: '1', weight: '1' }));
    expect(rules(raffle)).toEqual(['prizes:prizes_max']);

    const envelope = filled('envelope');
    envelope.poolTotal = '';
    envelope.envelopeCount = ' ';
    expect(rules(envelope)).toEqual(['poolTotal:pool_required', 'envelopeCount:count_required']);
    envelope.poolTotal = '1.00';
    envelope.envelopeCount = '101';
    expect(rules(envelope)).toEqual(['poolTotal:pool_under_count']);
    expect(OpsPromotionBody.safeParse(draftOf(envelope, ZONE)).success).toBe(false);
    envelope.envelopeCount = '100';
    expect(rules(envelope)).toEqual([]);
    envelope.envelopeCount = '100001';
    envelope.poolTotal = '0.001';
    expect(rules(envelope)).toEqual(['poolTotal:money', 'envelopeCount:envelope_count']);
  });

  it('checks each field with the contract field schema', () => {
    const f = filled('deposit');
    f.code = 'Bad Code';
    f.percent = '1001';
    f.maxBonus = '1.234';
    f.turnoverMultiple = '101';
    f.sort = '-1';
    expect(rules(f)).toEqual(['code:code', 'sort:sort', 'percent:percent', 'maxBonus:money', 'turnoverMultiple:turnover']);
    expect(OpsPromotionBody.safeParse(draftOf(f, ZONE)).success).toBe(false);
  });

  it('needs English in every text, within its limit, and a schedule in order', () => {
    const f = filled('apply');
    f.title.en = '';
    f.summary = { en: '', km: 'សង្ខេប', cn: '' };
    f.body.cn = 'x'.repeat(4001);
    f.startsAt = '2026-12-01T10:00';
    f.endsAt = '2026-12-01T10:00';
    expect(rules(f)).toEqual(['title.en:text_required', 'summary.en:en_required', 'body.cn:too_long', 'endsAt:end_order']);
    f.startsAt = '';
    f.endsAt = '2026-13-01T10:00';
    expect(rules(f)).toContain('startsAt:start_required');
    expect(rules(f)).toContain('endsAt:datetime_invalid');
  });

  it('agrees with the contract: no issue exactly when the body parses', () => {
    const variants: ((f: PromotionForm) => void)[] = [
      (f) => (f.code = 'a'),
      (f) => (f.code = '-starts-with-dash'),
      (f) => (f.turnoverMultiple = ''),
      (f) => (f.sort = '10001'),
      (f) => (f.sort = '10000'),
      (f) => (f.maxBonus = '0'),
      (f) => (f.minDeposit = 'abc'),
      (f) => (f.endsAt = '2027-01-01T00:00'),
      (f) => (f.title.km = 'x'.repeat(121)),
      (f) => (f.body.en = 'bad\u0000text'),
      (f) => (f.firstDepositOnly = true),
      (f) => (f.poolTotal = '0.05'),
      (f) => (f.envelopeCount = '2.5'),
      (f) => (f.envelopeCount = '0'),
    ];
    for (const m of PROMOTION_MECHANICS) {
      for (const change of variants) {
        const f = filled(m);
        change(f);
        expect(rules(f).length === 0, `${m} ${change.toString()}`).toBe(OpsPromotionBody.safeParse(draftOf(f, ZONE)).success);
      }
    }
  });
});

describe('editing a promotion → PATCH /ops/promotions/:id', () => {
  it('reads a promotion into the form and sends nothing when nothing changed', () => {
    const p = promotion();
    const f = toPromotionForm(p, ZONE);
    expect(f).toMatchObject({ code: 'daily-reload', percent: '10', maxBonus: '50.00', minDeposit: '100.00', turnoverMultiple: '3', startsAt: '2026-11-01T07:00', endsAt: '', sort: '20' });
    expect(f.summary).toEqual({ en: '10% every day', km: 'ប្រចាំថ្ងៃ', cn: '' });
    expect(promotionPatchOf(p, f, ZONE)).toEqual({});
    expect(rules(f, 'edit')).toEqual([]);
  });

  it('sends only the fields PATCH takes that changed, never the terms', () => {
    const p = promotion();
    const f = toPromotionForm(p, ZONE);
    f.title.cn = '每日充值';
    f.endsAt = '2026-12-31T23:59';
    f.visible = false;
    f.percent = '99';
    f.code = 'other';
    const patch = promotionPatchOf(p, f, ZONE);
    expect(patch).toEqual({ title: { en: 'Daily reload', cn: '每日充值' }, endsAt: '2026-12-31T23:59:00+07:00', visible: false });
    expect(OpsPromotionPatch.safeParse(patch).success).toBe(true);
  });

  it('checks only what can change: a fixed term the contract would refuse today is left alone', () => {
    // A promotion made before a rule tightened still opens and saves.
    const f = toPromotionForm(promotion({ code: 'X' }), ZONE);
    f.sort = '5';
    expect(rules(f, 'edit')).toEqual([]);
    f.startsAt = '2027-01-01T00:00';
    f.endsAt = '2026-01-01T00:00';
    expect(rules(f, 'edit')).toEqual(['endsAt:end_order']);
  });

  it("puts the server's field names on the form's boxes and words the rules it knows", () => {
    expect(promoFormPathOf('title')).toBe('title.en');
    expect(promoFormPathOf('summary.km')).toBe('summary.km');
    expect(promoFormPathOf('prizes.2.weight')).toBe('prizes.2.weight');
    expect(promoFormPathOf('prizes')).toBe('prizes');
    expect(promoFormPathOf('percent')).toBe('percent');
    expect(promoFormPathOf('nonsense')).toBe('root');
    expect(serverPromoRule({ field: 'code', rule: 'unique' })).toBe('code_taken');
    expect(serverPromoRule({ field: 'endsAt', rule: 'after_start' })).toBe('end_order');
    expect(serverPromoRule({ field: 'percent', rule: 'custom' })).toBeNull();
  });

  it('tells a hidden promotion from its phase', () => {
    expect(promotionShown({ visible: false, phase: 'in_progress' })).toBe('hidden');
    expect(promotionShown({ visible: true, phase: 'coming_soon' })).toBe('coming_soon');
  });
});

describe('the promotions page texts', () => {
  const EN = flatTexts(en as Tree);
  it('words every rule the form can name', () => {
    const all = ['code', 'code_taken', 'text_required', 'en_required', 'too_long', 'start_required', 'datetime_invalid', 'end_order', 'sort', 'money', 'percent', 'turnover', 'weight', 'percent_required', 'min_deposit_required', 'bonus_or_max', 'bonus_over_max', 'prizes_required', 'prizes_max', 'pool_required', 'count_required', 'envelope_count', 'pool_under_count', 'invalid'];
    for (const rule of all) expect(EN[`promotionsAdmin.rule.${rule}`], rule).toBeTruthy();
  });

  it('names the page, the action, and every mechanic, repeat, proof, category, picture, phase and filter', () => {
    expect(EN['promotionsAdmin.page.promotions']).toBeTruthy();
    expect(EN['promotionsAdmin.action.promotion.edit']).toBeTruthy();
    const sets: [string, readonly string[]][] = [
      ['mechanic', PROMOTION_MECHANICS],
      ['mechanic_hint', PROMOTION_MECHANICS],
      ['repeat', PROMOTION_REPEATS],
      ['proof', PROMOTION_PROOF],
      ['category', PROMOTION_CATEGORIES],
      ['art', PROMOTION_ARTS],
      ['phase', PROMOTION_PHASES],
      ['show', PROMO_SHOW_FILTERS],
      ['field', [...PROMO_TEXT_FIELDS, 'code', 'repeat', 'percent', 'minDeposit', 'bonus', 'maxBonus', 'turnoverMultiple', 'proof', 'firstDepositOnly', 'prizes', 'poolTotal', 'envelopeCount', 'category', 'art', 'startsAt', 'endsAt', 'sort', 'visible']],
    ];
    for (const [group, keys] of sets) for (const key of keys) expect(EN[`promotionsAdmin.${group}.${key}`], `${group}.${key}`).toBeTruthy();
  });
});

describe('the promotions list filter', () => {
  it('reads ?show= and keeps hidden promotions out of the phase filters', () => {
    expect(showFromSearch('hidden')).toBe('hidden');
    expect(showFromSearch('nonsense')).toBeUndefined();
    expect(passesShow({ visible: false, phase: 'in_progress' }, 'in_progress')).toBe(false);
    expect(passesShow({ visible: false, phase: 'in_progress' }, 'hidden')).toBe(true);
    expect(passesShow({ visible: true, phase: 'closed' }, undefined)).toBe(true);
  });
});
