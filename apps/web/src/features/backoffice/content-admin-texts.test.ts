import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CONTRACT_END_REASONS, CONTRACT_KINDS, CONTRACT_PERIODS, CONTRACT_STATUSES, POINT_GOODS_ARTS, POINT_GOODS_KINDS } from '@apsara/contracts';
import cn from '../../locales/cn/ops.json';
import en from '../../locales/en/ops.json';
import km from '../../locales/km/ops.json';
import { flatTexts, type Tree } from '../../i18n/locale-checks';
import { contractState, decidedAtKey } from './logic/agent-contracts';

/*
 * Member messages, points goods and agent contracts keep their texts in one section, `contentAdmin`,
 * and name them as `${K}.key` (K the page's part of it), which the general check of plain keys does not
 * read: every such key, and every value a key is built from, is named in KM, EN and CN.
 */
const LANGS = { en: flatTexts(en as Tree), km: flatTexts(km as Tree), cn: flatTexts(cn as Tree) };
const has = (key: string) => Object.values(LANGS).every((texts) => Boolean(texts[key]));

const PAGES = [
  ['components/messages/messages-page.tsx', 'contentAdmin.messages'],
  ['components/point-goods/point-goods-page.tsx', 'contentAdmin.goods'],
  ['components/agent-contracts/agent-contracts-page.tsx', 'contentAdmin.contracts'],
] as const;

describe('texts of messages, points goods and agent contracts', () => {
  it('has every plain key the three pages ask for', () => {
    const dir = new URL('.', import.meta.url).pathname;
    for (const [file, prefix] of PAGES) {
      const source = readFileSync(`${dir}${file}`, 'utf8');
      const keys = [...source.matchAll(/`\$\{K\}\.([\w.]+)`/g)].map((m) => `${prefix}.${m[1]}`);
      expect(keys.length, file).toBeGreaterThan(10);
      for (const key of keys) expect(has(key), key).toBe(true);
    }
  });

  it('names every value a key is built from', () => {
    for (const rule of ['required', 'too_long', 'one_line', 'username', 'invalid']) expect(has(`contentAdmin.messages.rule.${rule}`), rule).toBe(true);
    for (const a of ['one', 'all']) expect(has(`contentAdmin.messages.audience_${a}`), a).toBe(true);
    for (const k of POINT_GOODS_KINDS) expect(has(`contentAdmin.goods.kinds.${k}`), k).toBe(true);
    for (const a of POINT_GOODS_ARTS) expect(has(`contentAdmin.goods.arts.${a}`), a).toBe(true);
    for (const rule of ['required', 'en_required', 'too_long', 'whole_between', 'amount_format', 'nothing', 'invalid']) expect(has(`contentAdmin.goods.rule.${rule}`), rule).toBe(true);
    for (const k of CONTRACT_KINDS) {
      expect(has(`contentAdmin.contracts.kind.${k}`), k).toBe(true);
      expect(has(`contentAdmin.contracts.kind_hint.${k}`), k).toBe(true);
    }
    for (const p of CONTRACT_PERIODS) expect(has(`contentAdmin.contracts.period.${p}`), p).toBe(true);
    for (const s of CONTRACT_STATUSES) for (const by of [null, 'holder', 'upline'] as const) expect(has(`contentAdmin.contracts.state.${contractState({ status: s, terminationRequestedBy: by })}`), `${s} ${by}`).toBe(true);
    for (const r of CONTRACT_END_REASONS) expect(has(`contentAdmin.contracts.end_reason.${r}`), r).toBe(true);
    for (const s of ['paid', 'nothing', 'unpaid']) expect(has(`contentAdmin.contracts.settled.${s}`), s).toBe(true);
    for (const h of ['salary', 'dividend', 'realtime']) expect(has(`contentAdmin.contracts.tiers_hint.${h}`), h).toBe(true);
    for (const a of ['withdraw', 'ask_end', 'agree_end', 'refuse_end']) for (const suffix of ['', '_named', '_title', '_consequence', '_notice']) expect(has(`contentAdmin.contracts.act.${a}${suffix}`), a + suffix).toBe(true);
    for (const rule of ['required', 'too_long', 'amount_positive', 'whole_between', 'rate', 'rising', 'tiers_count', 'invalid']) expect(has(`contentAdmin.contracts.rule.${rule}`), rule).toBe(true);
  });

  it('dates a rejected offer as rejected, not as signed', () => {
    for (const s of CONTRACT_STATUSES) expect(has(`contentAdmin.contracts.${decidedAtKey(s)}`), s).toBe(true);
    expect(decidedAtKey('rejected')).toBe('rejected_at');
    expect(decidedAtKey('active')).toBe('signed_at');
    for (const [lang, texts] of Object.entries(LANGS)) expect(texts['contentAdmin.contracts.rejected_at'], lang).not.toBe(texts['contentAdmin.contracts.signed_at']);
  });

  it("shows a contract's settlements button with words its accessible name contains, never as a payment", () => {
    // The button only opens the contract's settled periods; beside Withdraw, a bare "Pay" read as an action.
    for (const [lang, texts] of Object.entries(LANGS)) {
      const visible = texts['contentAdmin.contracts.settlements_short']!;
      expect(texts['contentAdmin.contracts.settlements_of'], lang).toContain(visible);
    }
  });
});
