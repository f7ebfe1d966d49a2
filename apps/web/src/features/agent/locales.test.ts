import { describe, expect, it } from 'vitest';
import { TRANSACTION_FILTER_KEYS, TRANSACTION_TYPES } from '@apsara/contracts';
import cn from '../../locales/cn/auth.json';
import en from '../../locales/en/auth.json';
import km from '../../locales/km/auth.json';
import { checkTranslations, flatTexts, type Tree } from '../../i18n/locale-checks';
import { AGENT_MENU, AGENT_PAGES } from './logic/pages';
import { DOWNLINE_STATUSES } from './logic/figures';

const agentTexts = (file: unknown) => flatTexts((file as { agent: Tree }).agent);
const EN = agentTexts(en);

describe('agent-center texts in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: agentTexts(km), cn: agentTexts(cn) });

  it('names every page of the menu, each with an introduction', () => {
    for (const group of AGENT_MENU) {
      expect(EN[`menu.${group.key}`], group.key).toBeTruthy();
      for (const entry of group.entries) expect(EN[`page.${entry}`], entry).toBeTruthy();
    }
    for (const page of AGENT_PAGES) expect(EN[`page_lede.${page}`], page).toBeTruthy();
  });

  it('names every transaction type and filter, and every account status', () => {
    for (const ty of [...TRANSACTION_TYPES, ...TRANSACTION_FILTER_KEYS]) expect(EN[`txType.${ty}`], ty).toBeTruthy();
    for (const s of DOWNLINE_STATUSES) expect(EN[`downlines.status_${s}`], s).toBeTruthy();
  });
});
