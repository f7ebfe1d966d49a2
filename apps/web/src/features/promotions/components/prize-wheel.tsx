import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { useSvgId } from '../../../components/ui/art/use-svg-id';

/** How long the wheel turns before it stops on the prize (none when the member asked for less motion). */
export const SPIN_MS = 4200;

const SEGMENT_COLOURS = ['#ff5f8f', '#ffd25a', '#46c6ff', '#4fe08a', '#ff9a3d', '#a77bff', '#ff6b6b', '#21d4c5'];
const C = 150;
const R = 128;

const point = (angle: number, radius: number) => {
  const a = ((angle - 90) * Math.PI) / 180;
  return [C + radius * Math.cos(a), C + radius * Math.sin(a)] as const;
};

type Props = {
  /** The amount of each segment, clockwise from the top. */
  segments: readonly string[];
  /** The wheel's turn in degrees (clockwise). */
  angle: number;
  /** The segment the pointer stopped on, lit once the wheel is still. */
  landed: number | null;
  /** Turns without a transition (reduced motion). */
  still: boolean;
  symbol: string;
  onStopped: () => void;
};

/**
 * The raffle's prize wheel: coloured segments with their amounts, a rim of lights and a pointer at the
 * top. It turns by `angle`, easing out over SPIN_MS, and reports when it has stopped. The picture is
 * named by its prizes; the draw's outcome is told in words beside it.
 */
export const PrizeWheel = ({ segments, angle, landed, still, symbol, onStopped }: Props) => {
  const { t } = useTranslation('promotions');
  const id = useSvgId('pw');
  const size = 360 / Math.max(segments.length, 1);
  const prizes = [...new Set(segments)].map((s) => formatAmount(s, { symbol })).join(', ');
  return (
    <svg viewBox="0 0 300 300" className="pr-wheel" role="img" aria-label={t('raffle.wheel_label', { prizes })}>
      <defs>
        <linearGradient id={`${id}-rim`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe28f" />
          <stop offset="0.55" stopColor="#f2b537" />
          <stop offset="1" stopColor="#c98a12" />
        </linearGradient>
        <radialGradient id={`${id}-shade`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0.6" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity="0.35" />
        </radialGradient>
      </defs>
      <circle cx={C} cy={C} r={R + 16} fill={`url(#${id}-rim)`} />
      <circle cx={C} cy={C} r={R + 4} fill="#141c36" />
      <g
        className={`pr-wheel__turn${still ? ' is-still' : ''}`}
        style={{ transform: `rotate(${angle}deg)`, transformOrigin: `${C}px ${C}px`, transitionDuration: still ? '0ms' : `${SPIN_MS}ms` }}
        onTransitionEnd={(e) => {
          if (e.target === e.currentTarget) onStopped();
        }}
      >
        {segments.map((amount, i) => {
          const [x1, y1] = point(i * size, R);
          const [x2, y2] = point((i + 1) * size, R);
          const [tx, ty] = point(i * size + size / 2, R * 0.66);
          const lit = landed === i;
          return (
            <g key={i} className={lit ? 'pr-wheel__seg is-lit' : 'pr-wheel__seg'}>
              <path d={`M${C} ${C}L${x1} ${y1}A${R} ${R} 0 0 1 ${x2} ${y2}Z`} fill={SEGMENT_COLOURS[i % SEGMENT_COLOURS.length]} stroke="#141c36" strokeWidth="2" />
              <text
                x={tx}
                y={ty}
                transform={`rotate(${i * size + size / 2} ${tx} ${ty})`}
                textAnchor="middle"
                dominantBaseline="middle"
                className="pr-wheel__amount"
              >
                {formatAmount(amount)}
              </text>
            </g>
          );
        })}
        <circle cx={C} cy={C} r={R} fill={`url(#${id}-shade)`} pointerEvents="none" />
      </g>
      {Array.from({ length: 16 }, (_, i) => {
        const [x, y] = point(i * 22.5, R + 10);
        return <circle key={i} cx={x} cy={y} r="3.4" className={`pr-wheel__bulb${i % 2 ? ' pr-wheel__bulb--alt' : ''}`} />;
      })}
      <circle cx={C} cy={C} r="24" fill={`url(#${id}-rim)`} stroke="#8a5a00" strokeWidth="2" />
      <path d={`M${C} ${C - 12}l3.5 7.2 8 1.2-5.8 5.6 1.4 8-7.1-3.8-7.1 3.8 1.4-8-5.8-5.6 8-1.2z`} fill="#fff8e1" />
      <path d={`M${C - 14} 4h28l-14 34z`} fill="#fff" stroke="#141c36" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
};
