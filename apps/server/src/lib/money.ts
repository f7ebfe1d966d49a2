import { fromMinor } from '@apsara/contracts';

export { fromMinor, toMinor } from '@apsara/contracts';

/** Minor units (bigint) to the wire format: 123450n → "1234.50". The one formatter lives in contracts. */
export const toDecimalString = (minor: bigint): string => fromMinor(minor);
