import { describe, expect, it } from 'vitest';
import { slipOutcome } from './result';

describe("a slip's outcome", () => {
  it('is the server status while the slip waits or lost', () => {
    expect(slipOutcome({ status: 'pending', stake: '10.00', payout: '0.00' })).toBe('pending');
    expect(slipOutcome({ status: 'lost', stake: '10.00', payout: '0.00' })).toBe('lost');
  });

  it('is won when the payout covers the stake, part won when some bets won but it paid back less', () => {
    expect(slipOutcome({ status: 'won', stake: '10.00', payout: '98.00' })).toBe('won');
    expect(slipOutcome({ status: 'won', stake: '10.00', payout: '10.00' })).toBe('won');
    expect(slipOutcome({ status: 'won', stake: '10.00', payout: '9.99' })).toBe('part');
    expect(slipOutcome({ status: 'won', stake: '100.00', payout: '19.60' })).toBe('part');
  });
});
