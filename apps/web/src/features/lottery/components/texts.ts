import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { LOTTERY_BET_KINDS, LOTTERY_DIGITS, type LotteryBetKind } from '@apsara/contracts';
import { resultFacts } from '../logic/result';
import type { AmountProblem } from '../logic/slip';

const WIRE_AMOUNT = /^-?\d+\.\d{2}$/;
const KHMER_DIGITS = new Intl.NumberFormat('km-u-nu-khmr', { useGrouping: false });

type BetLike = { kind: LotteryBetKind; position: number | null; pick: string };

/** Words shared by the board, the slip, the bets list and the results: a bet, a result, an interval, money. */
export const useLotteryTexts = (symbol = '') => {
  const { t, i18n } = useTranslation('lottery');

  const position = useCallback((p: number) => t(`position.p${p}`), [t]);
  const pick = useCallback((kind: LotteryBetKind, value: string) => (kind === 'digit' ? value : t(`pick.${value}`)), [t]);

  /** "1st digit: 7", "3rd digit: Big", "Sum: Odd"; "Lô 07", "Xiên 2: 12 & 85". */
  const bet = useCallback(
    (b: BetLike) =>
      LOTTERY_BET_KINDS[b.kind].family === 'vn'
        ? t(`bet.${b.kind}`, { pick: b.pick.split(',').join(' & ') })
        : b.position === null
        ? t('bet.sum', { pick: pick(b.kind, b.pick) })
        : b.kind === 'digit'
          ? t('bet.digit', { position: position(b.position), digit: b.pick })
          : t('bet.positional', { position: position(b.position), pick: pick(b.kind, b.pick) }),
    [t, pick, position],
  );

  /** "Result 3 8 4 3 6", the name of a row of balls; a Vietnam result's balls are its special prize. */
  const result = useCallback(
    (digits: readonly number[] | null) =>
      !digits ? t('result.none') : digits.length > LOTTERY_DIGITS ? t('result.special', { digits: digits.slice(0, LOTTERY_DIGITS).join(' ') }) : t('result.label', { digits: digits.join(' ') }),
    [t],
  );

  /** "Sum 24 · Big · Even"; for a Vietnam result, its special prize and the two digits it ends in. */
  const facts = useCallback(
    (digits: readonly number[]) => {
      if (digits.length > LOTTERY_DIGITS) {
        const special = digits.slice(0, LOTTERY_DIGITS).join('');
        return t('result.vn_facts', { special, tail: special.slice(-2) });
      }
      const f = resultFacts(digits);
      return t('result.facts', { sum: f.sum, size: t(`pick.${f.size}`), parity: t(`pick.${f.parity}`) });
    },
    [t],
  );

  /** "60 s", "5 min"; in Khmer with Khmer digits, as the lotteries' Khmer names write their intervals. */
  const interval = useCallback(
    (seconds: number) => {
      const count = (n: number) => (i18n.language === 'km' ? KHMER_DIGITS.format(n) : String(n));
      return seconds % 60 === 0 ? t('unit.minutes', { n: count(seconds / 60) }) : t('unit.seconds', { n: count(seconds) });
    },
    [t, i18n.language],
  );

  const money = useCallback((amount: string | bigint) => formatAmount(amount, { symbol, minorUnits: typeof amount === 'bigint' }), [symbol]);

  /** Why an amount cannot be staked (logic/slip amountProblem), its limits as money. */
  const amountError = useCallback(
    (problem: AmountProblem) => t(problem.key, Object.fromEntries(Object.entries(problem.values ?? {}).map(([k, v]) => [k, WIRE_AMOUNT.test(v) ? money(v) : v]))),
    [t, money],
  );

  return { t, bet, pick, position, result, facts, interval, money, amountError };
};
