import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { nextJackpotStep, reconcileJackpot, servedJackpotCents, tweenCents } from '../jackpot';
import './jackpot-ticker.css';

const COUNT_UP_MS = 900;

/**
 * Jackpot ticker (spec §9): starts from the figure GCSGAME_getJackpot serves (the same on every client)
 * and rises by 100–500 every 3–5 s; a later reading moves it ahead when the server is ahead. Each rise
 * counts up over a moment unless the player prefers reduced motion. Nothing shows until the first
 * reading: no invented figure.
 */
export const JackpotTicker = ({ served, currencySymbol }: { served: string | undefined; currencySymbol: string }) => {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const servedCents = served === undefined ? null : servedJackpotCents(served);
  const [target, setTarget] = useState<number | null>(servedCents);
  const [shown, setShown] = useState<number | null>(servedCents);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    if (servedCents === null) return;
    setTarget((value) => (value === null ? servedCents : reconcileJackpot(value, servedCents)));
  }, [servedCents]);

  const started = target !== null;
  useEffect(() => {
    if (!started) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const step = nextJackpotStep();
      timer = setTimeout(() => {
        setTarget((value) => (value === null ? value : value + step.incrementCents));
        schedule();
      }, step.delayMs);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [started]);

  useEffect(() => {
    if (target === null) return;
    if (reduced || shownRef.current === null) {
      setShown(target);
      return;
    }
    const from = shownRef.current;
    const to = target;
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const progress = (now - start) / COUNT_UP_MS;
      setShown(tweenCents(from, to, progress));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, reduced]);

  const amount = shown === null ? null : formatAmount(shown, { minorUnits: true, symbol: currencySymbol });
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
        {amount ?? <span className="skeleton jackpot__placeholder" aria-label={t('loading')} />}
      </p>
    </section>
  );
};
