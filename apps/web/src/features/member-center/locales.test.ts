import { describe, expect, it } from 'vitest';
import cn from '../../locales/cn/member.json';
import en from '../../locales/en/member.json';
import km from '../../locales/km/member.json';
import { checkTranslations, flatTexts } from '../../i18n/locale-checks';
import { MEMBER_PAGES } from './logic/pages';
import { TRANSACTION_FILTER_KEYS, TRANSACTION_TYPES, DEPOSIT_STATUSES, WITHDRAWAL_STATUSES, WITHDRAWAL_CONFIRMATIONS, TRANSFER_SKIP_REASONS, MISSION_METRICS, MISSION_PERIODS, MONEY_METRICS } from '@apsara/contracts';

const EN = flatTexts(en);

describe('member namespace in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: flatTexts(km), cn: flatTexts(cn) });

  it('names every reason a recover-all can leave a game wallet alone for', () => {
    for (const reason of [...TRANSFER_SKIP_REASONS, 'other']) expect(EN[`transfer.skip_reasons.${reason}`], reason).toBeTruthy();
  });

  it('names every page, transaction type and status', () => {
    for (const p of MEMBER_PAGES) expect(EN[`page.${p}`], p).toBeTruthy();
    for (const ty of [...TRANSACTION_TYPES, ...TRANSACTION_FILTER_KEYS]) expect(EN[`txType.${ty}`], ty).toBeTruthy();
    for (const s of [...DEPOSIT_STATUSES, 'awaiting_payment']) expect(EN[`status.deposit.${s}`]).toBeTruthy();
    for (const s of WITHDRAWAL_STATUSES) expect(EN[`status.withdrawal.${s}`]).toBeTruthy();
    for (const s of WITHDRAWAL_CONFIRMATIONS) expect(EN[`status.confirmation.${s}`]).toBeTruthy();
  });

  it('words every mission (metric and period), its record line, and both leaderboard periods', () => {
    for (const metric of MISSION_METRICS) {
      expect(EN[`missions.metric.${metric}`], metric).toBeTruthy();
      expect(EN[`history.detail.goal_${metric}`], metric).toBeTruthy();
      for (const period of MISSION_PERIODS) {
        // Counts take the plural forms; amounts one text.
        const keys = MONEY_METRICS.has(metric) ? [`missions.title.${metric}_${period}`] : ['one', 'other'].map((f) => `missions.title.${metric}_${period}_${f}`);
        for (const key of keys) expect(EN[key], key).toMatch(MONEY_METRICS.has(metric) ? /\{\{amount\}\}/ : /\{\{n\}\}/);
      }
    }
    for (const period of MISSION_PERIODS) {
      expect(EN[`history.detail.mission_${period}`], period).toBeTruthy();
      for (const which of ['current', 'previous']) expect(EN[`missions.board.${period}_${which}`], `${period} ${which}`).toBeTruthy();
    }
  });

  // The missions tab's "Completed" figure sits in a narrow stat card at a large size: a long phrase
  // there ("0 个，共 7 个") broke onto a second line on a 1280 px desktop. Wide (CJK) characters count twice.
  it('keeps the missions\' completed figure to a few columns in every language', () => {
    const columns = (text: string) =>
      [...new Intl.Segmenter().segment(text)].reduce((n, { segment }) => n + (/[\u3000-\u9fff\uff00-\uffef]/u.test(segment) ? 2 : 1), 0);
    for (const [lang, texts] of Object.entries({ en: EN, km: flatTexts(km), cn: flatTexts(cn) })) {
      const shown = texts['missions.fig_done_value']!.replace('{{done}}', '10').replace('{{total}}', '10');
      expect(columns(shown), `${lang}: ${shown}`).toBeLessThanOrEqual(8);
    }
  });
});
