import { describe, expect, it } from 'vitest';
import type { Deposit } from '@apsara/contracts';
import { depositBadge } from './deposit-list';

const order = (over: Partial<Deposit>): Deposit => ({
  id: '7',
  channelId: 'online-pay',
  type: 'ONLINE',
  amount: '20.00',
  currency: 'USD',
  reference: 'Online banking',
  status: 'pending',
  receiptId: null,
  ledgerTransactionId: null,
  reviewNote: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  reviewedAt: null,
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
  decidedBy: null,
  ...over,
});

describe('the status a member sees on a deposit', () => {
  it('an unpaid online order awaits payment until its deadline, then shows expired before the job records it', () => {
    expect(depositBadge(order({}))).toBe('awaiting_payment');
    expect(depositBadge(order({ expiresAt: new Date(Date.now() - 1000).toISOString() }))).toBe('expired');
  });

  it('a bank transfer waits for review; decided orders show their status', () => {
    expect(depositBadge(order({ type: 'BANK_TRANSFER', expiresAt: null }))).toBe('pending');
    expect(depositBadge(order({ status: 'approved', expiresAt: new Date(Date.now() - 1000).toISOString() }))).toBe('approved');
    expect(depositBadge(order({ status: 'expired' }))).toBe('expired');
  });
});
