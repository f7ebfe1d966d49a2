import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatGmtOffset, gmtOffsetMinutes, safeTimeZone, zonedDateTime } from '../logic/clock';

/** Merchant clock with its GMT offset, ticking every second (spec §2 Agent center). */
export const AgentClock = ({ timeZone }: { timeZone: string | undefined }) => {
  const { t } = useTranslation('auth');
  const zone = safeTimeZone(timeZone);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  const { date, time } = zonedDateTime(zone, now);
  const offset = formatGmtOffset(gmtOffsetMinutes(zone, now));
  return (
    <div className="ag-clock" role="timer" aria-label={t('agent.clock_label', { offset })}>
      <span className="ag-clock__zone">{offset}</span>
      <time className="ag-clock__time num" dateTime={`${date}T${time}`}>
        <span className="ag-clock__date">{date}</span> <span>{time}</span>
      </time>
    </div>
  );
};
