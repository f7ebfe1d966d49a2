import { fromMinor, toMinor } from '@apsara/contracts';

/**
 * A bonus's turnover (bets of bonus × multiple, placed after it, before a withdrawal): how far along it
 * is in whole percent (rounded down, so 100 means done), what is left, and whether it is complete. A
 * bonus without a turnover is complete from the start.
 */
export const turnoverProgress = (done: string, required: string) => {
  const need = toMinor(required);
  const have = toMinor(done);
  if (need <= 0n) return { percent: 100, left: '0.00', complete: true, none: true };
  const complete = have >= need;
  const percent = complete ? 100 : Number((have * 100n) / need);
  return { percent, left: fromMinor(complete ? 0n : need - have), complete, none: false };
};
