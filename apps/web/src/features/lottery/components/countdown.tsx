import { useTranslation } from 'react-i18next';
import type { LotteryDraw } from '@apsara/contracts';
import { countdownText, msUntil, phaseEnd, type DrawPhase } from '../logic/clock';
import { useServerNow } from '../hooks/use-clock';

type Props = {
  draw: Pick<LotteryDraw, 'opensAt' | 'closesAt' | 'drawAt'>;
  phase: DrawPhase;
  offset: number;
  /** A bar that empties as the betting time runs out. */
  bar?: boolean;
  size?: 'md' | 'lg';
};

/**
 * The countdown of a draw by the server's clock: to the close while betting is open, to the draw once
 * closed, and a "drawing…" state past the draw time until the next draw arrives. A timer, so assistive
 * technology reads it when asked rather than every second.
 */
export const Countdown = ({ draw, phase, offset, bar = false, size = 'md' }: Props) => {
  const { t } = useTranslation('lottery');
  const now = useServerNow(offset);
  const target = phaseEnd(draw, phase);
  const left = target ? msUntil(target, now) : 0;
  const betting = Date.parse(draw.closesAt) - Date.parse(draw.opensAt);
  const share = phase === 'open' && betting > 0 ? Math.max(0, Math.min(1, left / betting)) : 0;
  return (
    <div className={`lt-clock lt-clock--${size} lt-clock--${phase}`}>
      <span className="lt-clock__label">{t(`phase.${phase}`)}</span>
      {target ? (
        <span className="lt-clock__time num" role="timer" aria-label={t('phase.timer', { phase: t(`phase.${phase}`), time: countdownText(left) })}>
          {countdownText(left)}
        </span>
      ) : (
        <span className="lt-clock__time lt-clock__time--drawing" role="status">
          <span className="lt-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="visually-hidden">{t('phase.drawing')}</span>
        </span>
      )}
      {bar ? (
        <span className="lt-clock__bar" aria-hidden="true">
          <span style={{ transform: `scaleX(${share})` }} />
        </span>
      ) : null}
    </div>
  );
};
