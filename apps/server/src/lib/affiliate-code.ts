import { randomInt } from 'node:crypto';

/** Invitation codes: no 0/O or 1/I/L, so a code read aloud or off a screen is typed right. */
const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh agent invitation code of 8 characters; unique per site by index (members_affiliate_code), so a clash is drawn again. */
export const newAffiliateCode = () => Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');
