import { describe, expect, it } from 'vitest';
import { BET_DESCRIPTION_MAX_LINES, VendorBetDescription, VendorRoundResult } from './vendor.js';

describe("a vendor's words for a round", () => {
  it('takes Khmer and Chinese as readily as English: letters, stacked consonants, signs and full-width punctuation', () => {
    const km = ['ភ្នាល់ចម្រុះ 2 @ 4.08', 'Angkor Tigers ទល់នឹង Kep Crabs · Angkor Tigers ឈ្នះ @ 2.15', 'Mekong Rivers ទល់នឹង Kampot Pepper · លើស 2.5 គ្រាប់ @ 1.90'].join('\n');
    const cn = ['2串1 @ 4.08', 'Angkor Tigers 对 Kep Crabs · Angkor Tigers 胜 @ 2.15', 'Mekong Rivers 对 Kampot Pepper · 大于 2.5 球 @ 1.90'].join('\n');
    expect(VendorBetDescription.safeParse(km).success).toBe(true);
    expect(VendorBetDescription.safeParse(cn).success).toBe(true);
    for (const result of ['ពេញម៉ោង 2–1 · ឈ្នះ', 'ចាញ់៖ Angkor Tigers ទល់នឹង Kep Crabs បញ្ចប់ 0–1', '全场 2–1 · 赢', '赢：3 个选项全部命中', '输：Angkor Tigers 对 Kep Crabs 赛果 0–1']) {
      expect(VendorRoundResult.safeParse(result).success, result).toBe(true);
    }
  });

  it('still refuses in those scripts what could read as something else: control and direction characters, empty lines, too many lines', () => {
    for (const bad of ['全场\t2–1', 'ពេញម៉ោង\r2–1', '赢\u202E1–2', 'ឈ្នះ\u200F', ' 全场 2–1', '全场 2–1 ', 'ក' + '\u17D2'.repeat(7)]) {
      expect(VendorRoundResult.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(VendorBetDescription.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(VendorBetDescription.safeParse('2串1 @ 4.08\n\n大于 2.5 球 @ 1.90').success).toBe(false);
    expect(VendorBetDescription.safeParse(Array(BET_DESCRIPTION_MAX_LINES + 1).fill('平局 @ 3.10').join('\n')).success).toBe(false);
    expect(VendorBetDescription.safeParse(Array(BET_DESCRIPTION_MAX_LINES).fill('平局 @ 3.10').join('\n')).success).toBe(true);
  });
});
