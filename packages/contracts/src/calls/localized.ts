import { z } from 'zod';
import type { Lang } from '../constants.js';

/**
 * Words an operator writes in merchant config (a payment channel's name, support hours, a support
 * contact's title): one string for every language, or one per portal language with English as the
 * fallback. The portal picks the member's language itself, so a language switch needs no new call.
 */
export const localizedTextOf = (max: number) =>
  z.union([
    z.string().min(1).max(max),
    z.strictObject({ en: z.string().min(1).max(max), km: z.string().min(1).max(max).optional(), cn: z.string().min(1).max(max).optional() }),
  ]);
export const LocalizedText = localizedTextOf(120);
export type LocalizedText = z.infer<typeof LocalizedText>;

/** The text in `lang`, else in English. */
export const localize = (text: LocalizedText, lang: Lang): string => (typeof text === 'string' ? text : (text[lang] ?? text.en));
