import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CountryName, type Lang } from '@apsara/contracts';
import { contentLanguage } from '../i18n/languages';
import { apiValue } from './api';

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

/**
 * GET /wps/system/countries — every country named by the server in the language on screen (Chromium
 * has no Khmer country names; the server does). Until it answers, the browser's names stand in.
 */
export const useCountryNames = () => {
  const { i18n } = useTranslation();
  const lang = contentLanguage(i18n.language ?? 'en');
  const query = useQuery({
    queryKey: ['system', 'countries', lang],
    queryFn: () => apiValue('/wps/system/countries', { value: z.array(CountryName) }),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const byCode = new Map((query.data ?? []).map((c) => [c.countryCode, c.name]));
  const browser = countryNamer(lang);
  return { list: query.data, nameOf: (code: string) => byCode.get(code) ?? browser(code) };
};
