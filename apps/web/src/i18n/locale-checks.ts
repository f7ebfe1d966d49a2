import { expect, it } from 'vitest';

/*
 * The checks every namespace of texts passes in KM, EN and CN, for the features' locales tests (test
 * code only: nothing in the app imports this file).
 */

export type Tree = { [k: string]: string | string[] | Tree };
export type Texts = Record<string, string>;

/** A namespace file (or a part of one) as dotted keys: { "a.b": "…" }; a list's items as "list.0", "list.1". */
export const flatTexts = (tree: Tree | string[], prefix = ''): Texts =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatTexts(v, `${prefix}${k}.`)))));

const placeholdersOf = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const KHMER = /[\u1780-\u17FF]/;
const HAN = /[\u4E00-\u9FFF]/;
/** Traditional forms of common portal words that simplified Chinese does not use. */
const TRADITIONAL = /[會員錢轉賬戶記錄團隊積兌換額]/;

/**
 * Registers the shared checks (call it inside a `describe`): the same keys in every language, the
 * placeholders of each text kept, and every worded text written in Khmer and simplified Chinese.
 * Texts made only of placeholders and signs ("{{count}} / {{max}}") have no words to translate.
 */
export const checkTranslations = ({ en, km, cn }: { en: Texts; km: Texts; cn: Texts }) => {
  it('has the same keys in every language', () => {
    expect(Object.keys(km).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(cn).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps the placeholders of each text', () => {
    for (const key of Object.keys(en)) {
      expect(placeholdersOf(km[key]), `km ${key}`).toEqual(placeholdersOf(en[key]));
      expect(placeholdersOf(cn[key]), `cn ${key}`).toEqual(placeholdersOf(en[key]));
    }
  });

  it('is written in Khmer and simplified Chinese, not left in English', () => {
    const worded = Object.keys(en).filter((k) => /[A-Za-z]/.test(en[k].replace(/\{\{\w+\}\}/g, '')));
    for (const key of worded) {
      expect(KHMER.test(km[key]), `km ${key}: ${km[key]}`).toBe(true);
      expect(HAN.test(cn[key]), `cn ${key}: ${cn[key]}`).toBe(true);
    }
    expect(Object.values(cn).join('')).not.toMatch(TRADITIONAL);
  });
};
