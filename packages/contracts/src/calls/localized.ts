import { z } from 'zod';
import type { Lang } from '../constants.js';
import { text } from './text.js';

/**
 * Words an operator writes in merchant config (a payment channel's name, support hours, a support
 * contact's title): one string for every language, or one per portal language with English as the
 * fallback. The portal picks the member's language itself, so a language switch needs no new call.
 */
export const localizedTextOf = (max: number) => {
  // No control characters (NUL cannot even be stored in jsonb) and not only spaces.
  const one = () => text(max).min(1).refine((v) => v.trim().length > 0, { message: 'must not be blank' });
  return z.union([one(), z.strictObject({ en: one(), km: one().optional(), cn: one().optional() })]);
};
export const LocalizedText = localizedTextOf(120);
export type LocalizedText = z.infer<typeof LocalizedText>;

/** The text in `lang`, else in English. */
export const localize = (text: LocalizedText, lang: Lang): string => (typeof text === 'string' ? text : (text[lang] ?? text.en));
