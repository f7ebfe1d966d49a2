import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import type { TermText } from '../logic/terms';

const WIRE_AMOUNT = /^-?\d+\.\d{2}$/;

/** A term in the member's language, its amounts formatted as everywhere else (with the currency symbol). */
export const useTermText = (symbol: string) => {
  const { t } = useTranslation('promotions');
  return useCallback(
    (term: TermText) => {
      const values = Object.fromEntries(Object.entries(term.values ?? {}).map(([k, v]) => [k, WIRE_AMOUNT.test(v) ? formatAmount(v, { symbol }) : v]));
      return t(term.key, values);
    },
    [t, symbol],
  );
};
