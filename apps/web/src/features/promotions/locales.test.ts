import { describe, expect, it } from 'vitest';
import { PROMOTION_CATEGORIES, PROMOTION_CLAIM_STATUSES, PROMOTION_MECHANICS, PROMOTION_PHASES, PROMOTION_PROOF, PROMOTION_STATES } from '@apsara/contracts';
import cn from '../../locales/cn/promotions.json';
import en from '../../locales/en/promotions.json';
import km from '../../locales/km/promotions.json';
import { checkTranslations, flatTexts } from '../../i18n/locale-checks';
import type { StatusLabel } from './logic/action';
import { PROMO_TABS } from './logic/tabs';
import { keyTerms, termRows } from './logic/terms';

const EN = flatTexts(en);

const STATUS_LABELS: StatusLabel[] = ['soon', 'ended', 'signed_up', 'applying', 'rejected', 'issued', 'claimed', 'claimed_today', 'first_deposit_only', 'unavailable'];

describe('promotions namespace in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: flatTexts(km), cn: flatTexts(cn) });

  it('names every tab, category, mechanic, phase and record state', () => {
    for (const tab of PROMO_TABS) expect(EN[`tabs.${tab}`], tab).toBeTruthy();
    for (const c of PROMOTION_CATEGORIES) expect(EN[`category.${c}`], c).toBeTruthy();
    for (const m of PROMOTION_MECHANICS) expect(EN[`mechanic.${m}`], m).toBeTruthy();
    for (const p of PROMOTION_PHASES) expect(EN[`phase.${p}`], p).toBeTruthy();
    for (const s of PROMOTION_CLAIM_STATUSES) expect(EN[`record.${s}`], s).toBeTruthy();
    for (const p of PROMOTION_PROOF) expect(EN[`detail.proof_${p}`], p).toBeTruthy();
  });

  it('has the words of every button a card can show, with and without a bonus', () => {
    for (const label of STATUS_LABELS) expect(EN[`status.${label}`], label).toBeTruthy();
    for (const label of ['issued', 'claimed', 'claimed_today']) expect(EN[`status.${label}_amount`], label).toBeTruthy();
    for (const kind of ['login', 'join', 'apply', 'claim', 'spin', 'deposit']) expect(EN[`action.${kind}`], kind).toBeTruthy();
  });

  it("has the words of the member's every state in the rules popup", () => {
    for (const state of PROMOTION_STATES.filter((s) => s !== 'join' && s !== 'claim')) expect(EN[`mine.${state}`], state).toBeTruthy();
    for (const m of PROMOTION_MECHANICS) expect(EN[`mine.join_${m}`], m).toBeTruthy();
  });

  it('has the words of every term a promotion can show', () => {
    const base = { bonus: null, percent: null, maxBonus: null, minDeposit: '1.00', firstDepositOnly: true, turnoverMultiple: 0, prizes: [{ amount: '1.00', weight: 1 }], proof: 'required' as const, poolTotal: '9.00', envelopeCount: 3 };
    const variants = [
      { ...base, percent: 10 },
      { ...base, percent: 10, maxBonus: '9.00', turnoverMultiple: 2 },
      { ...base, bonus: '8.00' },
      { ...base, maxBonus: '8.00' },
    ];
    for (const mechanic of PROMOTION_MECHANICS) {
      for (const repeat of ['once', 'daily'] as const) {
        for (const terms of variants) {
          const p = { category: 'DAILY' as const, mechanic, repeat, terms, envelopesLeft: 2 };
          for (const term of keyTerms(p)) expect(EN[term.key], term.key).toBeTruthy();
          for (const row of termRows(p)) {
            expect(EN[row.label], row.label).toBeTruthy();
            expect(EN[row.value.key], row.value.key).toBeTruthy();
          }
        }
      }
    }
  });
});
