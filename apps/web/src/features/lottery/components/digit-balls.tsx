import type { CSSProperties } from 'react';
import { LOTTERY_DIGITS } from '@apsara/contracts';

/** Each reel runs through the digits three times before it stops on its own. */
const REEL = Array.from({ length: 30 }, (_, i) => i % 10);
/** Where a reel stops: its third run, at the drawn digit. */
export const REEL_STOP = 20;
/** How long the last ball rolls (the stagger included), for the reveal to know when it has landed. */
export const ROLL_MS = 900 + (LOTTERY_DIGITS - 1) * 280 + 200;

type Props = {
  digits: readonly number[] | null;
  /** The name for assistive technology ("Result 3 8 4 3 6"): the balls themselves are pictures. */
  label: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Roll each ball into place, one after the other (off when the person asks for less motion). */
  rolling?: boolean;
  /** No result yet: five shimmering question marks. */
  pending?: boolean;
};

/** A result as five lottery balls, coloured by position, optionally rolling into place. */
export const DigitBalls = ({ digits, label, size = 'md', rolling = false, pending = false }: Props) => (
  <span className={`lt-balls lt-balls--${size}${pending ? ' is-pending' : ''}`} role="img" aria-label={label}>
    {Array.from({ length: LOTTERY_DIGITS }, (_, i) => {
      const d = digits?.[i];
      return (
        <span key={i} className={`lt-ball lt-ball--p${i}`} aria-hidden="true" style={{ '--i': i } as CSSProperties}>
          {d === undefined ? (
            <span className="lt-ball__face">?</span>
          ) : rolling ? (
            <span className="lt-ball__reel" style={{ '--stop': REEL_STOP + d } as CSSProperties}>
              {REEL.map((n, k) => (
                <span key={k} className="lt-ball__face">
                  {n}
                </span>
              ))}
            </span>
          ) : (
            <span className="lt-ball__face">{d}</span>
          )}
        </span>
      );
    })}
  </span>
);
