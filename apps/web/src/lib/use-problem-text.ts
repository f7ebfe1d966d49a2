import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from './format';
import type { FieldProblem } from './field-rules';

const WIRE_AMOUNT = /^-?\d+\.\d{2}$/;

/**
 * Turns a validator's problem into the member's language, amounts formatted as everywhere else (with
 * the currency symbol when given); undefined when there is none.
 */
export const useProblemText = (symbol?: string) => {
  const { t } = useTranslation('member');
  return useCallback(
    (problem: FieldProblem | null | undefined) => {
      if (!problem) return undefined;
      const values = Object.fromEntries(Object.entries(problem.values ?? {}).map(([k, v]) => [k, WIRE_AMOUNT.test(v) ? formatAmount(v, { symbol }) : v]));
      return t(problem.key, values);
    },
    [t, symbol],
  );
};

/** Adapts a validator to react-hook-form's `validate`: true when fine, else the message. */
export const useRule = (symbol?: string) => {
  const text = useProblemText(symbol);
  return useCallback(<V>(check: (v: V) => FieldProblem | null) => (v: V) => text(check(v)) ?? true, [text]);
};
