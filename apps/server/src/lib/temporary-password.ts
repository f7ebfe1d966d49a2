import { randomInt } from 'node:crypto';
import { DEFAULT_FLAGGED_PASSWORD, validateField, type RegisterFieldRule } from '@apsara/contracts';

/**
 * Alphabets for a password an operator reads out to a player: no 0/O, 1/l/I or 5/S look-alikes. Tried
 * in this order, so a site whose password rule allows symbols gets one with every kind of character,
 * and a site that asks for digits only (or letters only) still gets one it accepts.
 */
const ALPHABETS = [
  { parts: ['ABCDEFGHJKMNPQRTUVWXY', 'abcdefghjkmnpqrtuvwxyz', '2346789', '@#%+=?'] },
  { parts: ['ABCDEFGHJKMNPQRTUVWXY', 'abcdefghjkmnpqrtuvwxyz', '2346789'] },
  { parts: ['abcdefghjkmnpqrtuvwxyz', '2346789'] },
  { parts: ['2346789'] },
  { parts: ['abcdefghjkmnpqrtuvwxyz'] },
  { parts: ['ABCDEFGHJKMNPQRTUVWXY'] },
];

const pick = (chars: string) => chars[randomInt(chars.length)]!;

/** `length` characters with at least one of each part, in a random order. */
const draw = (parts: string[], length: number) => {
  const all = parts.join('');
  const chars = [...parts.map(pick), ...Array.from({ length: Math.max(0, length - parts.length) }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
};

/**
 * A random temporary password the site's password rule accepts (12 characters, or the rule's limits if
 * they exclude 12), or null when no alphabet above satisfies the rule.
 */
export const temporaryPassword = (rule: RegisterFieldRule): string | null => {
  const length = Math.min(Math.max(12, rule.minLength), rule.maxLength);
  for (const { parts } of ALPHABETS) {
    if (parts.length > length) continue;
    for (let attempt = 0; attempt < 20; attempt++) {
      const candidate = draw(parts, length);
      if (candidate !== DEFAULT_FLAGGED_PASSWORD && validateField('password', candidate, { ...rule, enabled: true, required: true }, 'en') === null) return candidate;
    }
  }
  return null;
};
