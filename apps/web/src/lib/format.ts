/**
 * The one amount formatter of the web app (DESIGN §3.5): two decimals, thousand separators,
 * optional currency symbol. Amounts arrive from the server as decimal strings ("1234.50"); they are
 * formatted by string/bigint arithmetic so no float ever rounds a balance.
 */
export type AmountInput = number | string | bigint;

export type FormatAmountOptions = {
  /** Currency symbol placed before the digits, e.g. "$" or "៛". */
  symbol?: string;
  /** Treat the input as integer minor units (cents) rather than major units. */
  minorUnits?: boolean;
};

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Converts any accepted input to integer cents, rounding half away from zero. Null when unparseable. */
export const toCents = (value: AmountInput, minorUnits = false): bigint | null => {
  if (typeof value === 'bigint') return minorUnits ? value : value * 100n;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    if (minorUnits) return BigInt(Math.round(value));
    // toFixed(3) gives a stable decimal string; the string path then rounds the third place.
    return toCents(value.toFixed(3));
  }
  const match = DECIMAL.exec(value.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (minorUnits) {
    if (fraction !== '') return null;
    return BigInt(`${sign}${whole}`);
  }
  const padded = `${fraction}000`;
  let cents = BigInt(whole || '0') * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  return sign === '-' ? -cents : cents;
};

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 1234.5 → "1,234.50"; with symbol "$" → "$1,234.50"; negatives → "-$1,234.50". */
export const formatAmount = (value: AmountInput, options: FormatAmountOptions = {}): string => {
  const cents = toCents(value, options.minorUnits);
  if (cents === null) return '—';
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = groupThousands((abs / 100n).toString());
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${options.symbol ?? ''}${whole}.${fraction}`;
};

/** A whole number with thousand separators (points, counts): 12345 → "12,345", -300 → "-300". */
export const formatWhole = (value: number | bigint): string => {
  const digits = value.toString();
  return digits.startsWith('-') ? `-${groupThousands(digits.slice(1))}` : groupThousands(digits);
};
