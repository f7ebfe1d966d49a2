import { describe, expect, it } from 'vitest';
import cn from '../../locales/cn/member.json';
import en from '../../locales/en/member.json';
import km from '../../locales/km/member.json';
import { MEMBER_PAGES } from './logic/pages';
import { TRANSACTION_FILTER_KEYS, TRANSACTION_TYPES, DEPOSIT_STATUSES, WITHDRAWAL_STATUSES, WITHDRAWAL_CONFIRMATIONS, TRANSFER_SKIP_REASONS } from '@apsara/contracts';

type Tree = { [k: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)))));

const EN = flat(en as Tree);
const KM = flat(km as Tree);
const CN = flat(cn as Tree);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('member namespace in KM, EN and CN', () => {
  it('has the same keys in every language', () => {
    expect(Object.keys(KM).sort()).toEqual(Object.keys(EN).sort());
    expect(Object.keys(CN).sort()).toEqual(Object.keys(EN).sort());
  });

  it('names every reason a recover-all can leave a game wallet alone for', () => {
    for (const reason of [...TRANSFER_SKIP_REASONS, 'other']) expect(EN[`transfer.skip_reasons.${reason}`], reason).toBeTruthy();
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
    const latinOnly = Object.keys(EN).filter((k) => !/^(cards\.count)$/.test(k));
    for (const key of latinOnly) {
      expect(khmer.test(KM[key]), `km ${key}: ${KM[key]}`).toBe(true);
      expect(han.test(CN[key]), `cn ${key}: ${CN[key]}`).toBe(true);
    }
    // Traditional forms that simplified Chinese does not use.
    expect(Object.values(CN).join('')).not.toMatch(/[會員錢轉賬戶記錄]/);
  });

  it('names every page, transaction type and status', () => {
    for (const p of MEMBER_PAGES) expect(EN[`page.${p}`], p).toBeTruthy();
    for (const ty of [...TRANSACTION_TYPES, ...TRANSACTION_FILTER_KEYS]) expect(EN[`txType.${ty}`], ty).toBeTruthy();
    for (const s of [...DEPOSIT_STATUSES, 'awaiting_payment']) expect(EN[`status.deposit.${s}`]).toBeTruthy();
    for (const s of WITHDRAWAL_STATUSES) expect(EN[`status.withdrawal.${s}`]).toBeTruthy();
    for (const s of WITHDRAWAL_CONFIRMATIONS) expect(EN[`status.confirmation.${s}`]).toBeTruthy();
  });
});
