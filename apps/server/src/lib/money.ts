/** Minor units (bigint) to the wire format: a decimal string with two places, e.g. 123450n → "1234.50". */
export const toDecimalString = (minor: bigint, scale = 2): string => {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  const whole = abs / unit;
  const frac = (abs % unit).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
};
