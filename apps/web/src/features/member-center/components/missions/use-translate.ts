import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../logic/missions';

/** The member namespace's `t` in the plain shape the page's logic takes (keys built from data). */
export const useTranslate = (): Translate => {
  const { t } = useTranslation('member');
  return useCallback((key, vars) => String(t(key as never, vars as never)), [t]);
};
