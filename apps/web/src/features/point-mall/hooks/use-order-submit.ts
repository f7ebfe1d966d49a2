import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { PointOrderResultValue } from '@apsara/contracts';
import { isApiError } from '../../../lib/api';
import { sendWithKey, type KeyKeeper } from '../../../lib/idempotency';
import { placeServerError } from '../../../lib/server-errors';
import { POINT_KEYS, useAfterPointOrder } from '../api/points';

/** Refusals that say the page is out of date (points, stock, money or the payment password changed elsewhere). */
const STALE_CODES = new Set(['POINTS_INSUFFICIENT', 'POINT_GOODS_SOLD_OUT', 'POINT_GOODS_LIMIT', 'POINT_GOODS_NOT_FOUND', 'INSUFFICIENT_FUNDS', 'PAYMENT_PASSWORD_NOT_SET', 'POINT_CONVERT_DISABLED', 'POINTS_DISABLED']);

/**
 * Sends a redemption or a conversion with the form's idempotency key (a retry after no answer reuses
 * it), refreshes points and money after it, and puts a refusal (in the member's language already) on
 * the field it concerns or above the submit button. `submit` answers the result, or null when refused.
 */
export const useOrderSubmit = <V extends FieldValues>(keeper: KeyKeeper, shown: readonly Path<V>[], setError: UseFormSetError<V>) => {
  const queryClient = useQueryClient();
  const afterOrder = useAfterPointOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (fields: Record<string, unknown>, send: (idempotencyKey: string) => Promise<PointOrderResultValue>) => {
    setFormError(null);
    try {
      const result = await sendWithKey(keeper, fields, send);
      void afterOrder(result);
      return result;
    } catch (e) {
      if (!isApiError(e)) throw e;
      const placed = placeServerError(e, shown);
      for (const field of shown) if (placed.fields[field]) setError(field, { type: 'server', message: placed.fields[field] });
      setFormError(placed.form);
      if (STALE_CODES.has(e.code)) void queryClient.invalidateQueries({ queryKey: POINT_KEYS.all });
      return null;
    }
  };
  return { submit, formError };
};
