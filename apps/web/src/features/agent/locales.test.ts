import { describe, expect, it } from 'vitest';
import { TRANSACTION_FILTER_KEYS, TRANSACTION_TYPES } from '@apsara/contracts';
import cn from '../../locales/cn/auth.json';
import en from '../../locales/en/auth.json';
import km from '../../locales/km/auth.json';
import { AGENT_MENU, AGENT_PAGES } from './logic/pages';
import { DOWNLINE_STATUSES } from './logic/figures';

type Tree = { [k: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)))));

const EN = flat((en as unknown as { agent: Tree }).agent);
const KM = flat((km as unknown as { agent: Tree }).agent);
const CN = flat((cn as unknown as { agent: Tree }).agent);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('agent-center texts in KM, EN and CN', () => {
  it('has the same keys in every language', () => {
    expect(Object.keys(KM).sort()).toEqual(Object.keys(EN).sort());
    expect(Object.keys(CN).sort()).toEqual(Object.keys(EN).sort());
  });

  it('keeps the placeholders of each text', () => {
    for (const key of Object.keys(EN)) {
      expect(placeholders(KM[key]), `km ${key}`).toEqual(placeholders(EN[key]));
      expect(placeholders(CN[key]), `cn ${key}`).toEqual(placeholders(EN[key]));
    }
  });

  it('is written in Khmer and simplified Chinese, not left in English', () => {
    const khmer = /[\u1780-\u17FF]/;
    const han = /[\u4E00-\u9FFF]/;
    // Texts made only of placeholders and signs ("{{from}} – {{to}} · {{zone}}") have no words to translate.
    const worded = Object.keys(EN).filter((k) => /[A-Za-z]/.test(EN[k].replace(/\{\{\w+\}\}/g, '')));
    for (const key of worded) {
      expect(khmer.test(KM[key]), `km ${key}: ${KM[key]}`).toBe(true);
      expect(han.test(CN[key]), `cn ${key}: ${CN[key]}`).toBe(true);
    }
    expect(Object.values(CN).join('')).not.toMatch(/[會員錢轉賬戶記錄團隊]/);
  });

  it('names every page of the menu, with an introduction for the built ones', () => {
    for (const group of AGENT_MENU) {
      expect(EN[`menu.${group.key}`], group.key).toBeTruthy();
      for (const entry of group.entries) expect(EN[`page.${entry.page}`], entry.page).toBeTruthy();
    }
    for (const page of AGENT_PAGES) expect(EN[`page_lede.${page}`], page).toBeTruthy();
  });

  it('names every transaction type and filter, and every account status', () => {
    for (const ty of [...TRANSACTION_TYPES, ...TRANSACTION_FILTER_KEYS]) expect(EN[`txType.${ty}`], ty).toBeTruthy();
    for (const s of DOWNLINE_STATUSES) expect(EN[`downlines.status_${s}`], s).toBeTruthy();
  });
});
