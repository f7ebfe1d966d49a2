import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { initialJackpotCents, nextJackpotStep, tweenCents } from '../jackpot';
import './jackpot-ticker.css';

const COUNT_UP_MS = 900;

/**
 * Jackpot ticker (spec §9): starts at a random 45,000,000–99,000,000 and rises by 100–500 every
 * 3–5 s. Each rise counts up over a moment unless the player prefers reduced motion.
 */
export const JackpotTicker = ({ currencySymbol }: { currencySymbol: string }) => {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const [target, setTarget] = useState(initialJackpotCents);
  const [shown, setShown] = useState(target);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const step = nextJackpotStep();
      timer = setTimeout(() => {
        setTarget((value) => value + step.incrementCents);
        schedule();
      }, step.delayMs);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (reduced) {
      setShown(target);
      return;
    }
    const from = shownRef.current;
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const progress = (now - start) / COUNT_UP_MS;
      setShown(tweenCents(from, target, progress));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, reduced]);

  const amount = formatAmount(shown, { minorUnits: true, symbol: currencySymbol });
  return (
    <section className="jackpot" aria-labelledby="jackpot-title">
      <svg className="jackpot__crown" viewBox="0 0 64 48" aria-hidden="true">
        <path d="M4 40 8 10l14 12L32 4l10 18 14-12 4 30z" fill="url(#jackpot-gold)" stroke="#fff3c4" strokeWidth="2" strokeLinejoin="round" />
        <defs>
          <linearGradient id="jackpot-gold" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffe08a" />
            <stop offset="1" stopColor="#c98a12" />
          </linearGradient>
        </defs>
      </svg>
      <h2 id="jackpot-title" className="jackpot__title">
        {t('lobby.jackpot')}
      </h2>
      {/* Screen readers get the value on demand, not a new announcement every few seconds. */}
      <p className="jackpot__amount num" aria-live="off" data-testid="jackpot-amount">
        {amount}
      </p>
    </section>
  );
};
