import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDayTime, type DateWords } from './format-time';

/**
 * Dates written out in the language on screen (common.json → `dates`); a language switch gives new
 * formatters, so a date already on screen follows it.
 */
export const useDateFormat = () => {
  const { t, i18n } = useTranslation('common');
  return useMemo(() => {
    const words = t('dates', { returnObjects: true }) as DateWords;
    return {
      /** A calendar day ("1990-04-17") as the reader writes it. */
      day: (day: string | null | undefined) => formatDay(day, words),
      /** An instant as the clock reads in the zone, optionally with the zone's GMT offset. */
      dayTime: (iso: string | null | undefined, timeZone: string, withZone = false) => formatDayTime(iso, timeZone, words, withZone),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);
};
