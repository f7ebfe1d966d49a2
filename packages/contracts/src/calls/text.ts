import { z } from 'zod';

// C0 controls and DEL, except tab, line feed and carriage return: nothing a person types.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A string of at most `max` characters with no control characters (NUL and friends break storage and logs). */
export const text = (max: number) => z.string().max(max).refine((v) => !CONTROL.test(v), { message: 'control characters are not allowed' });

/**
 * Text stored trimmed, of `min`–`max` Unicode code points after trimming (an emoji is one). The raw
 * string may be four times as long, so surrounding spaces never make a valid value too long.
 */
export const trimmedText = (min: number, max: number) =>
  text(max * 4)
    .transform((v) => v.trim())
    .refine((v) => [...v].length >= min && [...v].length <= max, { message: min > 0 ? `${min}–${max} characters` : `at most ${max} characters` });
