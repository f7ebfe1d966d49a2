import { describe, expect, it } from 'vitest';
import { OpsAuditQuery } from '@apsara/contracts';
import cn from '../../../locales/cn/ops.json';
import en from '../../../locales/en/ops.json';
import km from '../../../locales/km/ops.json';
import { AUDIT_ACTION_PREFIXES, AUDIT_TARGET_TYPES, AUDIT_VALUE_TEXTS, EMPTY_AUDIT_FILTER, auditFilterFromSearch, auditFilterProblems, auditPathParts, auditQueryOf, auditTargetIdPart, auditSearchOf, auditValueKey, isAuditFiltered, isAuditInstant, normalAuditFilter, type AuditFilter } from './audit';

const f = (patch: Partial<AuditFilter>): AuditFilter => ({ ...EMPTY_AUDIT_FILTER, ...patch });

describe('audit filters', () => {
  const samples: Partial<AuditFilter>[] = [
    {},
    { action: 'deposit' },
    { action: 'deposit.' },
    { action: 'deposit.approve' },
    { action: 'Deposit.Approve ' },
    { action: 'deposit.online.expired' },
    { action: 'drop table' },
    { action: 'x'.repeat(41) },
    { targetType: 'member', targetId: '42' },
    { targetType: 'promotion_claim' },
    { targetType: 'Member' },
    { targetType: 'member-1' },
    { targetId: 'chat:7' },
    { targetId: 'x y' },
    { targetId: 'x'.repeat(65) },
    { operatorId: '3' },
    { operatorId: '0' },
    { operatorId: 'me' },
    { hideSignIns: true },
  ];

  it('refuses, after tidying, exactly what the server would refuse', () => {
    for (const s of samples) {
      const filter = f(s);
      const mine = Object.keys(auditFilterProblems(filter)).length === 0;
      expect(mine, JSON.stringify(s)).toBe(OpsAuditQuery.safeParse(auditQueryOf(normalAuditFilter(filter))).success);
    }
  });

  it('offers prefixes and target types the server accepts', () => {
    for (const p of AUDIT_ACTION_PREFIXES) expect(OpsAuditQuery.safeParse({ action: p }).success, p).toBe(true);
    for (const t of AUDIT_TARGET_TYPES) expect(OpsAuditQuery.safeParse({ targetType: t }).success, t).toBe(true);
  });

  it('keeps the filter in the address, only what narrows the log', () => {
    const filter = f({ action: ' Operator ', hideSignIns: true, targetId: '', operatorId: '12' });
    const search = auditSearchOf(filter);
    expect(search).toEqual({ action: 'operator', operatorId: '12', signIns: 'hide' });
    expect(auditFilterFromSearch(new URLSearchParams(search))).toEqual(f({ action: 'operator', operatorId: '12', hideSignIns: true }));
    expect(auditSearchOf(EMPTY_AUDIT_FILTER)).toEqual({});
    expect(isAuditFiltered(EMPTY_AUDIT_FILTER)).toBe(false);
    expect(isAuditFiltered(f({ hideSignIns: true }))).toBe(true);
  });

  it('drops from the address what the server would refuse, and keeps the rest', () => {
    const params = new URLSearchParams({ action: 'drop table', targetType: 'member', targetId: '7', operatorId: 'x', signIns: 'maybe' });
    expect(auditFilterFromSearch(params)).toEqual(f({ targetType: 'member', targetId: '7' }));
  });

  it('pages under the same filter', () => {
    expect(auditQueryOf(f({ action: 'chat' }), '981')).toEqual({ action: 'chat', before: '981' });
    expect(auditQueryOf(f({ action: 'chat' }), null)).toEqual({ action: 'chat', before: undefined });
  });
});

describe('the names of an entry\'s changes', () => {
  it('names the keys the services write, not their code names', () => {
    expect(auditPathParts('sessionsEnded', 'operator.update')).toEqual([{ key: 'audit.field.sessionsEnded' }]);
    expect(auditPathParts('memberId', 'promotion_claim.reject')).toEqual([{ key: 'audit.field.memberId' }]);
  });

  it('names a list item by its place and a text by its language', () => {
    expect(auditPathParts('tiers.0.rate', 'contract.offer')).toEqual([{ key: 'audit.field.tiers' }, { text: '#1' }, { key: 'audit.field.rate' }]);
    expect(auditPathParts('title.km', 'announcement.update')).toEqual([{ key: 'audit.field.title' }, { text: 'KM' }]);
  });

  it('names a settings change by its section, and only a settings change', () => {
    expect(auditPathParts('withdrawal.feeBps', 'config.update')).toEqual([{ key: 'settings.section.withdrawal' }, { key: 'audit.field.feeBps' }]);
    expect(auditPathParts('vip.levels.2.minBets', 'config.update')).toEqual([{ key: 'settings.section.vip' }, { key: 'audit.field.levels' }, { text: '#3' }, { key: 'audit.field.minBets' }]);
    expect(auditPathParts('points', 'member.points_adjustment')).toEqual([{ key: 'audit.field.points' }]);
  });

  it("names a lottery limit's bet kind as the lottery names it", () => {
    expect(auditPathParts('lottery.byKind.de2', 'config.update')).toEqual([{ key: 'settings.section.lottery' }, { key: 'audit.field.byKind' }, { key: 'lottery:kind.de2' }]);
    expect(auditPathParts('lottery.byKind.newKind', 'config.update')).toEqual([{ key: 'settings.section.lottery' }, { key: 'audit.field.byKind' }, { text: 'newKind' }]);
  });

  it('shows a key it does not know as it is written', () => {
    expect(auditPathParts('chat.topics.deposit_help.en', 'config.update')).toEqual([{ key: 'settings.section.chat' }, { key: 'audit.field.topics' }, { text: 'deposit_help' }, { text: 'EN' }]);
    expect(auditPathParts('somethingNew', 'deposit.approve')).toEqual([{ text: 'somethingNew' }]);
  });

  it('names a settings entry by its section, any other target by its id', () => {
    expect(auditTargetIdPart('config', 'withdrawal')).toEqual({ key: 'settings.section.withdrawal' });
    expect(auditTargetIdPart('config', 'brand_new')).toEqual({ text: '#brand_new' });
    expect(auditTargetIdPart('deposit', '12')).toEqual({ text: '#12' });
  });
});

describe('the values of an entry\'s changes', () => {
  it('names a status by what the entry is about', () => {
    expect(auditValueKey('status', 'withdrawal.paid', 'approved')).toBe('status.withdrawals.approved');
    expect(auditValueKey('status', 'withdrawal.paid', 'paid')).toBe('status.withdrawals.paid');
    expect(auditValueKey('status', 'deposit.online.expired', 'expired')).toBe('status.deposits.expired');
    expect(auditValueKey('status', 'point_order.approve', 'approved')).toBe('status.pointOrders.approved');
    expect(auditValueKey('status', 'promotion_claim.approve', 'issued')).toBe('status.promotionClaims.issued');
    expect(auditValueKey('status', 'feedback.resolve', 'resolved')).toBe('status.feedback.resolved');
    expect(auditValueKey('status', 'member.freeze', 'frozen')).toBe('memberStatus.frozen');
    expect(auditValueKey('kind', 'member.make_agent', 'agent')).toBe('kind.agent');
    expect(auditValueKey('kind', 'member.make_player', 'member')).toBe('kind.member');
    expect(auditValueKey('status', 'operator.update', 'disabled')).toBe('operators.status.disabled');
    expect(auditValueKey('status', 'chat.close', 'closed')).toBe('chats.state.closed');
    expect(auditValueKey('status', 'contract.terminate', 'active')).toBe('contentAdmin.contracts.state.active');
  });

  it('names roles and kinds, by the action even when the target is another kind of thing', () => {
    expect(auditValueKey('role', 'operator.create', 'finance')).toBe('role.finance');
    // A contract offer is written against its member, but its kind is a contract's.
    expect(auditValueKey('kind', 'contract.offer', 'dividend')).toBe('contentAdmin.contracts.kind.dividend');
    expect(auditValueKey('period', 'contract.offer', 'W')).toBe('contentAdmin.contracts.period.W');
    expect(auditValueKey('period', 'mission.create', 'weekly')).toBe('period.weekly');
    expect(auditValueKey('metric', 'mission.create', 'bets')).toBe('metric.bets');
    expect(auditValueKey('kind', 'announcement.update', 'popup')).toBe('announcements.kind.popup');
    expect(auditValueKey('audience', 'announcement.create', 'members')).toBe('announcements.audience.members');
    expect(auditValueKey('mechanic', 'promotion.create', 'raffle')).toBe('promotionsAdmin.mechanic.raffle');
    expect(auditValueKey('kind', 'point_goods.create', 'virtual')).toBe('contentAdmin.goods.kinds.virtual');
    expect(auditValueKey('terminationRequestedBy', 'contract.request_termination', 'upline')).toBe('audit.party.upline');
    expect(auditValueKey('terminationRequestedBy', 'contract.terminate', 'holder')).toBe('audit.party.holder');
  });

  it('names a yes or no and no value wherever they are, and nothing else that is not text', () => {
    expect(auditValueKey('active', 'mission.update', true)).toBe('audit.value.yes');
    expect(auditValueKey('chat.enabled', 'config.update', false)).toBe('audit.value.no');
    expect(auditValueKey('amount', 'member.adjustment', 12)).toBeNull();
    expect(auditValueKey('terminationRequestedBy', 'contract.terminate', null)).toBe('audit.value.empty');
  });

  it('leaves free text, other fields, unknown values and non-strings as they are written', () => {
    expect(auditValueKey('reply', 'feedback.resolve', 'resolved')).toBeNull();
    expect(auditValueKey('title', 'announcement.update', 'popup')).toBeNull();
    expect(auditValueKey('status', 'withdrawal.paid', 'on_hold')).toBeNull();
    expect(auditValueKey('status', 'deposit.approve', 'paid')).toBeNull();
    expect(auditValueKey('role', 'operator.create', 'owner')).toBeNull();
    expect(auditValueKey('role', 'member.freeze', 'admin')).toBeNull();
    expect(auditValueKey('status', 'brand_new.thing', 'active')).toBeNull();
    expect(auditValueKey('status', 'member.freeze', null)).toBe('audit.value.empty');
    expect(auditValueKey('affiliateCode', 'member.make_agent', null)).toBe('audit.value.empty');
    // Only a top-level field: the same name inside a list or a settings section is not it.
    expect(auditValueKey('tiers.0.status', 'contract.offer', 'active')).toBeNull();
    expect(auditValueKey('chat.enabled', 'config.update', 'true')).toBeNull();
  });

  it('has a text for every value it names, in every language', () => {
    const flat = (tree: object, prefix = ''): Record<string, string> =>
      Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v as object, `${prefix}${k}.`)))));
    const langs = { en: flat(en), km: flat(km), cn: flat(cn) };
    for (const [subject, fields] of Object.entries(AUDIT_VALUE_TEXTS)) {
      for (const [field, texts] of Object.entries(fields)) {
        for (const value of texts.values) {
          const key = auditValueKey(field, `${subject}.x`, value);
          expect(key, `${subject} ${field} ${value}`).toBe(`${texts.prefix}.${value}`);
          for (const [lang, keys] of Object.entries(langs)) expect(keys[key!], `${lang} ${key}`).toBeTruthy();
        }
      }
    }
    for (const key of ['audit.value.yes', 'audit.value.no']) for (const [lang, keys] of Object.entries(langs)) expect(keys[key], `${lang} ${key}`).toBeTruthy();
  });
});

describe('the moments among an entry\'s values', () => {
  it('knows an instant as the server writes it, and nothing else', () => {
    for (const v of ['2026-12-04T18:09:21.796Z', '2026-12-04T18:09:21Z', '2026-12-05T01:09:00+07:00']) expect(isAuditInstant(v), v).toBe(true);
    for (const v of ['2026-12-04', '18:09', 'Goodwill, ticket 123', '2026-13-45T99:99:99Z', 1733335761796, null, { at: '2026-12-04T18:09:21Z' }]) expect(isAuditInstant(v), String(v)).toBe(false);
  });
});
