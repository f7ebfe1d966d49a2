import { useState } from 'react';
import { createKeyKeeper, type KeyKeeper } from './idempotency';

/** One idempotency-key keeper per form, kept for the form's life (see logic/idempotency). */
export const useKeyKeeper = (prefix: string): KeyKeeper => {
  const [keeper] = useState(() => createKeyKeeper(prefix));
  return keeper;
};
