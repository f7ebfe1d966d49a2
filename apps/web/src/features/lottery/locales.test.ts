import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_KINDS, LOTTERY_BET_KIND_NAMES, LOTTERY_DIGITS, LotterySlip } from '@apsara/contracts';
import cn from '../../locales/cn/lottery.json';
import en from '../../locales/en/lottery.json';
import km from '../../locales/km/lottery.json';
import { checkTranslations, flatTexts } from '../../i18n/locale-checks';
import member from '../../locales/en/member.json';
import { amountProblem } from './logic/slip';
import { LOTTERY_TABS } from './logic/view';

const EN = flatTexts(en);
const texts = { en: EN, km: flatTexts(km), cn: flatTexts(cn) };

describe('lottery namespace in KM, EN and CN', () => {
  checkTranslations(texts);

  it('names every tab, position, kind of bet, pick, slip status and phase', () => {
    for (const tab of LOTTERY_TABS) expect(EN[`tabs.${tab}`], tab).toBeTruthy();
    for (let p = 0; p < LOTTERY_DIGITS; p++) expect(EN[`position.p${p}`], `p${p}`).toBeTruthy();
    for (const kind of LOTTERY_BET_KIND_NAMES) {
      expect(EN[`kind.${kind}`], kind).toBeTruthy();
      expect(EN[`rules.wins_${kind}`], kind).toBeTruthy();
      // Digits are shown as themselves; every other pick has a word.
      if (kind !== 'digit') for (const pick of LOTTERY_BET_KINDS[kind].picks) expect(EN[`pick.${pick}`], pick).toBeTruthy();
    }
    for (const status of [...LotterySlip.shape.status.options, 'part']) expect(EN[`status.${status}`], status).toBeTruthy();
    for (const phase of ['upcoming', 'open', 'closed', 'drawing']) expect(EN[`phase.${phase}`], phase).toBeTruthy();
  });

  it("says what is wrong with an amount: the game's limits here, the rest in the money forms' words", () => {
    for (const value of ['0.5', '20000', '', '-5', '1.234', 'abc', '10,5', '12345678901234']) {
      const problem = amountProblem(value, '1.00', '10000.00');
      const [ns, key] = problem!.key.split(':');
      const texts = ns === 'lottery' ? EN : flatTexts(member);
      expect(texts[key!], value).toBeTruthy();
      for (const name of Object.keys(problem!.values ?? {})) expect(texts[key!], `${value}: {{${name}}}`).toContain(`{{${name}}}`);
    }
  });

  it('has the steps of the lobby and of the fairness rules in every language', () => {
    for (const lang of ['en', 'km', 'cn'] as const) {
      for (const step of ['pick', 'place', 'check']) expect(texts[lang][`lobby.step_${step}_text`], `${lang} ${step}`).toBeTruthy();
      for (const n of [1, 2, 3, 4]) expect(texts[lang][`rules.fair_${n}`], `${lang} fair ${n}`).toBeTruthy();
    }
  });
});

/** Every literal key the feature's code asks for (t('a.b'), t("a.b")); template keys are checked above. */
const keysInCode = () => {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const files = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(d, e.name)] : []));
  const keys = new Set<string>();
  for (const file of files(dir)) for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*(?:[^,()]*\?\s*)?['"]([a-z_]+(?:\.[a-zA-Z_0-9]+)*)['"]/g)) keys.add(m[1]!);
  return [...keys];
};

describe('texts the lottery code asks for', () => {
  it('are all in the namespace', () => {
    const keys = keysInCode();
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) expect(EN[key], key).toBeTruthy();
  });
});
