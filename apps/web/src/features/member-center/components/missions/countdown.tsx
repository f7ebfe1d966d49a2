import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icons/icons';
import { useServerNow } from '../../hooks/use-server-clock';
import { countdownText, countdownTo } from '../../logic/missions';
import { useTranslate } from './use-translate';

type Props = {
  /** The moment it counts to (a window's `end`). */
  end: string;
  /** Device-to-server clock offset (logic/missions clockOffset). */
  offset: number;
  /** What ends, e.g. "Ends in". */
  label: string;
  /** Called once when it reaches zero (to read the next period). */
  onDone?: () => void;
  className?: string;
};

/**
 * A period's time left by the server's clock: "05:12:33", or "3 days 05:12:33". A timer, so assistive
 * technology reads it when asked rather than every second.
 */
export const Countdown = ({ end, offset, label, onDone, className }: Props) => {
  const tr = useTranslate();
  const now = useServerNow(offset);
  const left = countdownTo(end, now);
  const text = countdownText(left, tr);
  const fired = useRef<string | null>(null);
  useEffect(() => {
    if (!left.done || fired.current === end) return;
    fired.current = end;
    onDone?.();
  }, [left.done, end, onDone]);
  return (
    <span className={`ms-countdown${left.done ? ' is-done' : ''}${className ? ` ${className}` : ''}`}>
      <Icon name="clock" size={16} />
      <span className="ms-countdown__label">{label}</span>
      <span className="ms-countdown__time num" role="timer" aria-label={`${label} ${text}`}>
        {text}
      </span>
    </span>
  );
};

/** A countdown's words when no period is known yet (the first answer still on its way). */
export const CountdownSkeleton = () => {
  const { t } = useTranslation('member');
  return (
    <span className="ms-countdown" aria-hidden="true">
      <Icon name="clock" size={16} />
      <span className="ms-countdown__label">{t('missions.ends_in')}</span>
      <span className="skeleton ms-countdown__skeleton" />
    </span>
  );
};
