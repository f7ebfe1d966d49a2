import { describe, expect, it } from 'vitest';
import type { MemTransDetail } from '@apsara/contracts';
import { categoryKey, movementText, movementTitle, signedAmount, statusKey, subtractAmounts, toneOf } from './figures';

/** Echoes the key and its values, so a test sees which text was chosen with what. */
const t = (key: string, vars?: Record<string, string>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

describe('figures of the agent center', () => {
  it("colours the players' result by its sign", () => {
    expect(toneOf('12.50')).toBe('win');
    expect(toneOf('-0.01')).toBe('loss');
    expect(toneOf('0.00')).toBe('even');
    expect(toneOf('-0.00')).toBe('even');
    expect(toneOf('nonsense')).toBe('even');
  });

  it('signs a gain and keeps 2 places and thousands separators', () => {
    expect(signedAmount('1234567.5')).toBe('+1,234,567.50');
    expect(signedAmount('-1234.5', '$')).toBe('-$1,234.50');
    expect(signedAmount('0.00')).toBe('0.00');
  });

  it('subtracts amounts exactly, without floats', () => {
    expect(subtractAmounts('0.30', '0.10')).toBe('0.20');
    expect(subtractAmounts('100.00', '250.55')).toBe('-150.55');
    expect(subtractAmounts('90071992547409.93', '0.01')).toBe('90071992547409.92');
    expect(subtractAmounts('x', '1.00')).toBeNull();
  });

  it('names categories as the lobby does', () => {
    expect(categoryKey('MINI')).toBe('category.BGS');
    expect(categoryKey('LIVE')).toBe('category.LIVE');
  });

  it('names the statuses it knows and leaves others as they come', () => {
    expect(statusKey('active')).toBe('agent.downlines.status_active');
    expect(statusKey('frozen')).toBe('agent.downlines.status_frozen');
    expect(statusKey('suspended')).toBeNull();
  });
});

describe("a team member's movement in words", () => {
  const cases: [MemTransDetail, string][] = [
    [{ kind: 'deposit', id: 'D42' }, 'agent.trans.detail.deposit {"id":"D42"}'],
    [{ kind: 'withdrawal', id: null }, 'agent.trans.detail.withdrawal_unnumbered'],
    [{ kind: 'withdrawal', id: 'W7' }, 'agent.trans.detail.withdrawal {"id":"W7"}'],
    [{ kind: 'adjustment' }, 'agent.trans.detail.adjustment'],
    [{ kind: 'wallet', from: 'MAIN', to: 'AG' }, 'agent.trans.detail.wallet {"from":"agent.trans.main_wallet","to":"AG"}'],
    [{ kind: 'recoverAll' }, 'agent.trans.detail.recoverAll {"main":"agent.trans.main_wallet"}'],
    [{ kind: 'member', direction: 'to', username: 'agent01' }, 'agent.trans.detail.member_to {"username":"agent01"}'],
    [{ kind: 'member', direction: 'from', username: 'agent01' }, 'agent.trans.detail.member_from {"username":"agent01"}'],
    [{ kind: 'round', vendor: 'APSARA', roundId: 'DICE-19' }, 'agent.trans.detail.round {"vendor":"APSARA","roundId":"DICE-19"}'],
    [{ kind: 'vendorResult', vendor: 'AG' }, 'agent.trans.detail.vendorResult {"vendor":"AG"}'],
    [{ kind: 'contract', contractKind: 'daily', direction: 'paid' }, 'agent.trans.detail.contract_paid {"kind":"agent.contractKind.daily"}'],
    [{ kind: 'promotion', number: 'PR00000012' }, 'agent.trans.detail.promotion {"number":"PR00000012"}'],
    [{ kind: 'referral', friend: 'fr****3' }, 'agent.trans.detail.referral {"friend":"fr****3"}'],
    [{ kind: 'mission', period: 'weekly', metric: 'deposits', target: '1500.00' }, 'agent.trans.detail.mission_weekly {"goal":"agent.trans.detail.goal_deposits {\\"target\\":\\"1,500.00\\"}"}'],
    [{ kind: 'leaderboard', rank: 1, schedule: 'weekly', period: '2025-03-03' }, 'agent.trans.detail.leaderboard_weekly {"rank":"1","period":"2025-03-03"}'],
    [{ kind: 'vip', level: 2 }, 'agent.trans.detail.vip {"level":"2"}'],
  ];
  it.each(cases)('%j', (detail, expected) => expect(movementText(detail, 'REF', t)).toBe(expected));

  it('shortens long vendor numbers and keeps them whole for the hover text', () => {
    const detail: MemTransDetail = { kind: 'vendor', vendor: 'AG', transactionId: 'TW7-bf6dc0123456789f273' };
    expect(movementText(detail, null, t)).toBe('agent.trans.detail.vendor {"vendor":"AG","transactionId":"TW7-bf6dc…f273"}');
    expect(movementTitle(detail)).toBe('TW7-bf6dc0123456789f273');
    expect(movementTitle({ kind: 'round', vendor: 'AG', roundId: 'short' })).toBeUndefined();
  });

  it("falls back to the ledger's reference", () => {
    expect(movementText({ kind: 'other' }, 'MANUAL-1', t)).toBe('MANUAL-1');
    expect(movementText({ kind: 'other' }, null, t)).toBe('—');
  });
});
