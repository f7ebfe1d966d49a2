import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localize, type LocalizedText } from '@apsara/contracts';
import { contentLanguage } from './languages';

/** Operator-written words (merchant config) in the language on screen, English when that one is missing. */
export const useLocalize = () => {
  const { i18n } = useTranslation();
  const lang = contentLanguage(i18n.language ?? 'en');
  return useCallback((text: LocalizedText) => localize(text, lang), [lang]);
};
