import type { Lang } from '@apsara/contracts';

const INTL_LOCALE: Record<Lang, string> = { en: 'en', km: 'km', cn: 'zh-CN' };

/**
 * Names countries by ISO 3166 code in the reader's language (Intl.DisplayNames, English where the
 * browser has no data for the language), the code itself where no name is known.
 */
export const countryNamer = (lang: Lang): ((code: string) => string) => {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([INTL_LOCALE[lang], 'en'], { type: 'region', fallback: 'code' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
};

/** Orders names as readers of the language expect. */
export const nameCollator = (lang: Lang) => new Intl.Collator(INTL_LOCALE[lang]);
