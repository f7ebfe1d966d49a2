import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES, POINT_ORDER_STATUSES, PROMOTION_CLAIM_STATUSES, WITHDRAWAL_STATUSES } from '@apsara/contracts';
import { QUEUE_TABS, bonusProblem, decisionAsk, noteProblem, pageFromSearch, rowDecisions, statusQuery, tabFromSearch, toneOf } from './queues';

describe('queue tabs', () => {
  it('has a tab for every stored status, the waiting one first, and "all" last', () => {
    const cases = [
      [QUEUE_TABS.deposits, DEPOSIT_STATUSES, 'pending'],
      [QUEUE_TABS.withdrawals, WITHDRAWAL_STATUSES, 'pending'],
      [QUEUE_TABS.promotionClaims, PROMOTION_CLAIM_STATUSES, 'applying'],
      [QUEUE_TABS.pointOrders, POINT_ORDER_STATUSES, 'applying'],
    ] as const;
    for (const [tabs, statuses, first] of cases) {
      expect([...tabs].filter((t) => t !== 'all').sort()).toEqual([...statuses].sort());
      expect(tabs[0]).toBe(first);
      expect(tabs[tabs.length - 1]).toBe('all');
    }
  });

  it('reads the tab and page from the address, falling back to the waiting tab and page 1', () => {
    expect(tabFromSearch('deposits', 'approved')).toBe('approved');
    expect(tabFromSearch('deposits', 'paid')).toBe('pending');
    expect(tabFromSearch('feedback', null)).toBe('open');
    expect(statusQuery('all')).toBeUndefined();
    expect(statusQuery('pending')).toBe('pending');
    expect(pageFromSearch('3')).toBe(3);
    expect(pageFromSearch('0')).toBe(1);
    expect(pageFromSearch('2.5')).toBe(1);
    expect(pageFromSearch(null)).toBe(1);
  });

  it('colours waiting, good and bad states apart', () => {
    expect(toneOf('pending')).toBe('pending');
    expect(toneOf('paid')).toBe('ok');
    expect(toneOf('rejected')).toBe('bad');
    expect(toneOf('frozen')).toBe('bad');
    expect(toneOf('something-new')).toBe('muted');
  });
});

describe('decisions on a row', () => {
  it('offers what the state allows', () => {
    expect(rowDecisions('deposits', { status: 'pending' }, 'admin').decisions).toEqual(['approve', 'reject']);
    expect(rowDecisions('deposits', { status: 'approved' }, 'admin').decisions).toEqual([]);
    expect(rowDecisions('withdrawals', { status: 'pending' }, 'admin').decisions).toEqual(['approve', 'reject']);
    expect(rowDecisions('withdrawals', { status: 'approved' }, 'admin').decisions).toEqual(['paid', 'reject']);
    expect(rowDecisions('withdrawals', { status: 'paid' }, 'admin').decisions).toEqual([]);
    expect(rowDecisions('promotionClaims', { status: 'applying' }, 'admin').decisions).toEqual(['approve', 'reject']);
    expect(rowDecisions('pointOrders', { status: 'applying', kind: 'goods' }, 'admin').decisions).toEqual(['approve', 'reject']);
    expect(rowDecisions('pointOrders', { status: 'applying', kind: 'convert' }, 'admin').decisions).toEqual([]);
    expect(rowDecisions('feedback', { status: 'open' }, 'admin').decisions).toEqual(['resolve']);
  });

  it('lets the role take them only where the server would', () => {
    expect(rowDecisions('deposits', { status: 'pending' }, 'finance').allowed).toBe(true);
    expect(rowDecisions('deposits', { status: 'pending' }, 'support').allowed).toBe(false);
    expect(rowDecisions('feedback', { status: 'open' }, 'support').allowed).toBe(true);
    expect(rowDecisions('feedback', { status: 'open' }, 'finance').allowed).toBe(false);
    expect(rowDecisions('withdrawals', { status: 'approved' }, undefined).allowed).toBe(false);
  });

  it('asks a reason for every reject, a bonus where the promotion fixes none, and an answer for feedback', () => {
    expect(decisionAsk('deposits', 'reject')).toEqual({ note: 'required', noteMax: 200, amount: false });
    expect(decisionAsk('deposits', 'approve').note).toBe('optional');
    expect(decisionAsk('promotionClaims', 'approve', { fixedBonus: false }).amount).toBe(true);
    expect(decisionAsk('promotionClaims', 'approve', { fixedBonus: true }).amount).toBe(false);
    expect(decisionAsk('promotionClaims', 'reject').amount).toBe(false);
    expect(decisionAsk('feedback', 'resolve')).toEqual({ note: 'required', noteMax: 500, amount: false });
  });
});

describe('what a decision may send', () => {
  it('checks notes as the server does', () => {
    expect(noteProblem('  ', 'required', 200)).toBe('required');
    expect(noteProblem('', 'optional', 200)).toBeNull();
    expect(noteProblem('a'.repeat(201), 'required', 200)).toBe('too_long');
    // Counted in code points: 200 Khmer letters fit.
    expect(noteProblem('ក'.repeat(200), 'required', 200)).toBeNull();
    expect(noteProblem('<b>no</b>', 'optional', 200)).toBe('angles');
    expect(noteProblem('late', 'required', 200, 5)).toBe('too_short');
    expect(noteProblem('  late  ', 'required', 200, 4)).toBeNull();
  });

  it('checks a bonus against the promotion maximum', () => {
    expect(bonusProblem('', '50.00')).toBe('required');
    expect(bonusProblem('12.345', '50.00')).toBe('format');
    expect(bonusProblem('-5', '50.00')).toBe('format');
    expect(bonusProblem('0.00', '50.00')).toBe('zero');
    expect(bonusProblem('50.01', '50.00')).toBe('above_max');
    expect(bonusProblem('50', '50.00')).toBeNull();
    expect(bonusProblem('5000', null)).toBeNull();
  });
});
