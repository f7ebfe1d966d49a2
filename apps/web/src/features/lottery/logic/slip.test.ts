import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_KINDS, LOTTERY_MAX_BETS, fromMinor, lotteryBetWins, lotteryPayout, toMinor } from '@apsara/contracts';
import { validateAmount } from '../../../lib/field-rules';
import { amountProblem, countOn, isClosedPick, normalizeAmount, oddsTable, payoutMinor, slipFieldErrors, slipTotals, stakeMinor, toBetInputs, toggleSelection, topPayoutMinor, withAmount, type Selection } from './slip';

const odds = oddsTable(undefined);
const bet = (kind: Selection['kind'], position: number | null, pick: string, amount = '10.00'): Selection => ({ kind, position, pick, amount });
const money = (minor: bigint) => fromMinor(minor);

/** The best payout by trying all 100 000 results: slow, but plainly right. */
const bruteForceTop = (bets: Selection[]) => {
  let top = 0n;
  for (let n = 0; n < 100_000; n++) {
    const digits = String(n).padStart(5, '0').split('').map(Number);
    let pays = 0n;
    for (const b of bets) if (lotteryBetWins(b, digits)) pays += lotteryPayout(toMinor(b.amount), LOTTERY_BET_KINDS[b.kind].odds, 1);
    if (pays > top) top = pays;
  }
  return top;
};

describe('a slip', () => {
  it('adds a pick, and removes it on a second press', () => {
    const first = toggleSelection([], bet('digit', 0, '7'));
    expect(first).toEqual({ bets: [bet('digit', 0, '7')], refused: null });
    // The same pick with another amount is still the same bet.
    expect(toggleSelection(first.bets, bet('digit', 0, '7', '5.00'))).toEqual({ bets: [], refused: null });
    // The same digit elsewhere is another bet.
    expect(toggleSelection(first.bets, bet('digit', 1, '7')).bets).toHaveLength(2);
  });

  it('holds at most 20 bets', () => {
    let bets: Selection[] = [];
    for (let i = 0; i < LOTTERY_MAX_BETS; i++) bets = toggleSelection(bets, bet('digit', i % 5, String(Math.floor(i / 5)))).bets;
    expect(bets).toHaveLength(20);
    expect(toggleSelection(bets, bet('sumOddEven', null, 'odd'))).toEqual({ bets, refused: 'full' });
    // Removing still works on a full slip.
    expect(toggleSelection(bets, bet('digit', 0, '0')).bets).toHaveLength(19);
  });

  it('adds up the stake and pays 9.80 or 1.96 per 1.00', () => {
    const bets = [bet('digit', 0, '7', '10'), bet('bigSmall', 1, 'big', '5.50')];
    const totals = slipTotals(bets, odds);
    expect(money(totals.stakeMinor)).toBe('15.50');
    expect(money(payoutMinor(toMinor('10.00'), odds.digit))).toBe('98.00');
    expect(money(payoutMinor(toMinor('5.50'), odds.bigSmall))).toBe('10.78');
    // Different positions can win together: 98.00 + 10.78.
    expect(money(totals.topPayoutMinor)).toBe('108.78');
    expect(totals).toMatchObject({ count: 2, valid: true });
  });

  it('counts only one of the picks that exclude each other in the top payout', () => {
    // 7 and 8 on the first position cannot both come up; nor can big and small of the sum.
    expect(money(topPayoutMinor([bet('digit', 0, '7'), bet('digit', 0, '8', '20')], odds))).toBe('196.00');
    expect(money(topPayoutMinor([bet('sumBigSmall', null, 'big'), bet('sumBigSmall', null, 'small', '30')], odds))).toBe('58.80');
    // A digit 7 is odd and big: all three win together.
    expect(money(topPayoutMinor([bet('digit', 2, '7'), bet('oddEven', 2, 'odd'), bet('bigSmall', 2, 'big')], odds))).toBe('137.20');
    // A small even digit cannot be 7.
    expect(money(topPayoutMinor([bet('digit', 2, '7'), bet('oddEven', 2, 'even'), bet('bigSmall', 2, 'small')], odds))).toBe('98.00');
    expect(topPayoutMinor([], odds)).toBe(0n);
  });

  it('finds the same top payout as trying every result', () => {
    const slips: Selection[][] = [
      // All digits small on every position and a big sum: the sum can still be 23–45 only with big digits.
      [...[0, 1, 2, 3, 4].map((p) => bet('bigSmall', p, 'small', '100')), bet('sumBigSmall', null, 'big', '1000')],
      [bet('digit', 0, '9', '3'), bet('digit', 1, '9', '3'), bet('sumOddEven', null, 'even', '50'), bet('sumBigSmall', null, 'small', '7.77'), bet('oddEven', 4, 'odd', '2.01')],
      [bet('digit', 0, '0', '1'), bet('digit', 1, '0', '1'), bet('digit', 2, '0', '1'), bet('digit', 3, '0', '1'), bet('digit', 4, '1', '1'), bet('sumBigSmall', null, 'big', '40'), bet('sumOddEven', null, 'odd', '3.33')],
    ];
    for (const bets of slips) expect(topPayoutMinor(bets, odds), JSON.stringify(bets)).toBe(bruteForceTop(bets));
  });

  it('uses the odds the server publishes', () => {
    const table = oddsTable([{ kind: 'digit', family: '5d', odds: '9.50', picks: [], positional: true, format: null }]);
    expect(table.digit).toBe(950n);
    expect(table.bigSmall).toBe(196n);
    expect(money(topPayoutMinor([bet('digit', 0, '1', '10')], table))).toBe('95.00');
  });

  it('leaves a bet with an unusable amount out of the totals and marks the slip invalid', () => {
    const totals = slipTotals([bet('digit', 0, '1', '10'), bet('digit', 1, '1', '0.50')], odds);
    expect(money(totals.stakeMinor)).toBe('10.00');
    expect(totals.valid).toBe(false);
    expect(slipTotals([], odds).valid).toBe(false);
  });

  it('sends a position only for the positional kinds, and amounts with two places', () => {
    expect(toBetInputs([bet('digit', 3, '4', '5'), bet('sumOddEven', null, 'odd', '12.5')])).toEqual([
      { kind: 'digit', position: 3, pick: '4', amount: '5.00' },
      { kind: 'sumOddEven', pick: 'odd', amount: '12.50' },
    ]);
  });

  it('sets every bet to one amount and counts bets per position', () => {
    const bets = withAmount([bet('digit', 0, '1'), bet('oddEven', 0, 'odd'), bet('sumOddEven', null, 'odd')], '2.00');
    expect(bets.every((b) => b.amount === '2.00')).toBe(true);
    expect(countOn(bets, 0)).toBe(2);
    expect(countOn(bets, null)).toBe(1);
    expect(countOn(bets, 4)).toBe(0);
  });

  it('puts the server field errors on the bet they name', () => {
    expect(
      slipFieldErrors([
        { field: 'bets.2.amount', message: 'bets.2.amount is invalid' },
        { field: 'bets.2.pick', message: 'second' },
        { field: 'drawNo', message: 'drawNo is invalid' },
      ]),
    ).toEqual({ byBet: { 2: 'bets.2.amount is invalid' }, rest: ['drawNo is invalid'] });
  });
});

describe('a bet amount', () => {
  const reason = (value: string, min?: string, max?: string) => amountProblem(value, min, max)?.key ?? null;

  it('is checked as the money forms check amounts, then within 1.00–10000.00', () => {
    expect(amountProblem('1')).toBeNull();
    expect(amountProblem('1.00')).toBeNull();
    expect(amountProblem('10000')).toBeNull();
    expect(amountProblem('10000.00')).toBeNull();
    expect(amountProblem(' 25.5 ')).toBeNull();
    // Thousands grouped as on the deposit form.
    expect(amountProblem('1,000')).toBeNull();
    expect(reason('')).toBe('member:errors.required');
    expect(reason('  ')).toBe('member:errors.required');
    expect(amountProblem('0.99')).toEqual({ key: 'lottery:amount.min', values: { min: '1.00' } });
    expect(amountProblem('10000.01')).toEqual({ key: 'lottery:amount.max', values: { max: '10000.00' } });
    expect(reason('123456789')).toBe('lottery:amount.max');
    expect(reason('1.234')).toBe('member:errors.amount_places');
    expect(reason('1e3')).toBe('member:errors.amount_format');
    expect(reason('.5')).toBe('member:errors.amount_format');
    expect(reason('10,5')).toBe('member:errors.amount_decimal_comma');
    expect(reason('12345678901234')).toBe('member:errors.amount_too_large');
  });

  it('says a negative or zero amount must be greater than zero, as deposits and withdrawals do', () => {
    expect(amountProblem('-5')).toEqual(validateAmountAs('-5'));
    expect(reason('-5')).toBe('member:errors.amount_positive');
    expect(reason('-0.50')).toBe('member:errors.amount_positive');
    expect(reason('0')).toBe('member:errors.amount_positive');
  });

  it('follows the limits the server sends', () => {
    expect(amountProblem('4.99', '5.00', '50.00')).toEqual({ key: 'lottery:amount.min', values: { min: '5.00' } });
    expect(amountProblem('50.01', '5.00', '50.00')).toEqual({ key: 'lottery:amount.max', values: { max: '50.00' } });
    expect(normalizeAmount('7')).toBe('7.00');
    expect(normalizeAmount('7.5')).toBe('7.50');
    expect(normalizeAmount(' 1,250.5 ')).toBe('1250.50');
  });

  it('counts the stake of a bet only when it can be sent', () => {
    expect(stakeMinor('1,000')).toBe(100000n);
    expect(stakeMinor('-5')).toBe(0n);
    expect(stakeMinor('x')).toBe(0n);
  });
});

/** The money forms' verdict on an amount, as the slip names it. */
const validateAmountAs = (value: string) => {
  const p = validateAmount(value);
  return p && { ...p, key: `member:${p.key}` };
};

describe('a closed number', () => {
  it('stops the bets that hold it: the number itself in any kind, or a Xiên pair with it on either side', () => {
    const closed = ['27', '7', '127'];
    expect(['27', '7', '127', '11,27', '27,90'].filter((p) => isClosedPick(closed, p))).toEqual(['27', '7', '127', '11,27', '27,90']);
    // Other numbers that only contain its digits are not it.
    expect(['72', '270', '027', '17', '12,72', 'big'].some((p) => isClosedPick(closed, p))).toBe(false);
    expect(isClosedPick([], '27')).toBe(false);
  });
});
