import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CHAT_TOPICS, CONTRACT_ACTIONS, OPERATOR_ROLES, OPERATOR_STATUSES, OPS_CONFIG_SECTION_NAMES } from '@apsara/contracts';
import cn from '../../locales/cn/ops.json';
import en from '../../locales/en/ops.json';
import km from '../../locales/km/ops.json';
import { flatTexts, type Tree } from '../../i18n/locale-checks';
import { AUDIT_ACTION_PREFIXES, AUDIT_FIELDS, AUDIT_TARGET_TYPES, auditPathParts } from './logic/audit';
import { CHAT_TABS } from './logic/chats';

const EN = flatTexts(en as Tree);
const has = (key: string) => Boolean(EN[key] ?? (EN[`${key}_one`] && EN[`${key}_other`]));

/*
 * Keys the chat inbox, the operator accounts, the password dialogs and the audit filters build from
 * values (locales.test.ts checks the keys written out in full, and the three languages' parity).
 */
describe('texts of the chat inbox, operator accounts and audit filters', () => {
  it('names every chat topic, tab and state, and every rule of an answer', () => {
    for (const topic of CHAT_TOPICS) expect(has(`chats.topic.${topic}`), topic).toBe(true);
    for (const tab of CHAT_TABS) {
      for (const key of ['tab', 'state', 'empty', 'empty_text']) expect(has(`chats.${key}.${tab}`), `${key} ${tab}`).toBe(true);
    }
    for (const rule of ['required', 'too_long', 'angles', 'control']) expect(has(`chats.rule.${rule}`), rule).toBe(true);
    expect(has('settings.section.chat')).toBe(true);
    for (const rule of ['english_first', 'one_topic']) expect(has(`settings.rule.${rule}`), rule).toBe(true);
  });

  it('names every operator status, every password rule and the refusals it explains', () => {
    for (const s of OPERATOR_STATUSES) expect(has(`operators.status.${s}`), s).toBe(true);
    for (const r of OPERATOR_ROLES) expect(has(`dashboard.rights_${r}`), r).toBe(true);
    for (const rule of ['required', 'too_short', 'too_long', 'letter_digit', 'control', 'same', 'mismatch']) expect(has(`password.rule.${rule}`), rule).toBe(true);
    for (const rule of ['required', 'format']) expect(has(`operators.rule.username_${rule}`), rule).toBe(true);
    for (const code of ['OPERATOR_LAST_ADMIN', 'OPERATOR_SELF_CHANGE']) expect(has(`operators.why.${code}`), code).toBe(true);
  });

  it('names every action prefix and target type the audit filters offer, and the new audited actions', () => {
    for (const p of AUDIT_ACTION_PREFIXES) expect(has(`audit.prefix.${p}`), p).toBe(true);
    for (const t of AUDIT_TARGET_TYPES) expect(has(`audit.target_type.${t}`), t).toBe(true);
    for (const a of ['operator.create', 'operator.update', 'operator.password_reset', 'operator.password_change', 'chat.close']) expect(has(`audit.actions.${a}`), a).toBe(true);
  });

  it('describes the contract and online-deposit actions the server audits (contracts.service, online.service)', () => {
    const actions = [
      ...['offer', ...CONTRACT_ACTIONS].map((a) => `contract.${a}`),
      ...['paid', 'paid_late', 'failed', 'failed_late', 'paid_confirmed', 'expired'].map((a) => `deposit.online.${a}`),
    ];
    for (const a of actions) expect(has(`audit.actions.${a}`), a).toBe(true);
    // A real-time contract's tiers carry a loss rate beside the rate: named, not shown as its code name.
    expect(AUDIT_FIELDS).toContain('lossRate');
    expect(auditPathParts('tiers.0.lossRate', 'contract.offer')).toEqual([{ key: 'audit.field.tiers' }, { text: '#1' }, { key: 'audit.field.lossRate' }]);
  });

  it('names every kind of target and every changed value an entry can show', () => {
    for (const t of AUDIT_TARGET_TYPES) expect(has(`audit.target_name.${t}`), t).toBe(true);
    for (const f of AUDIT_FIELDS) expect(has(`audit.field.${f}`), f).toBe(true);
    for (const s of OPS_CONFIG_SECTION_NAMES) expect(has(`settings.section.${s}`), s).toBe(true);
  });

  it('says so when changing one\'s password signed no other session out, in every language', async () => {
    const i = i18next.createInstance();
    await i.init({ resources: { en: { ops: en }, km: { ops: km }, cn: { ops: cn } }, lng: 'en', ns: ['ops'], defaultNS: 'ops', interpolation: { escapeValue: false }, showSupportNotice: false });
    for (const lng of ['en', 'km', 'cn']) {
      const t = i.getFixedT(lng, 'ops');
      const texts = flatTexts((({ en, km, cn }) as Record<string, Tree>)[lng]);
      expect(t('password.others_ended', { count: 0 }), lng).toBe(texts['password.others_ended_zero']);
      expect(t('password.others_ended', { count: 0 }), lng).not.toMatch(/0/);
      expect(t('password.others_ended', { count: 2 }), lng).toContain('2');
    }
    expect(i.getFixedT('en', 'ops')('password.others_ended', { count: 1 })).toBe('1 other session was signed out.');
  });
});
