import { useSvgId } from '../../../components/ui/art/use-svg-id';
import { badgePaint } from '../logic/vip';

/** A crest: flat shoulders, a pointed foot. Drawn in a 64 × 72 box. */
const SHIELD = 'M32 3 L57 12 Q59 13 59 15 V35 Q59 54 32 69 Q5 54 5 35 V15 Q5 13 7 12 Z';
const INNER = 'M32 9 L53 16.5 V35 Q53 50.5 32 63 Q11 50.5 11 35 V16.5 Z';

/** Laurel leaves up one side of the crest (mirrored for the other): ranks from the fourth up wear them. */
const LEAVES = [
  [10, 58, -35],
  [5.5, 49, -18],
  [3, 39, -5],
  [3, 29, 8],
  [5, 20, 22],
] as const;

const Laurel = ({ colour }: { colour: string }) => (
  <g fill={colour} opacity="0.95">
    {LEAVES.map(([x, y, r]) => (
      <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="2.6" ry="5.4" transform={`rotate(${r} ${x} ${y})`} />
    ))}
    {LEAVES.map(([x, y, r]) => (
      <ellipse key={`m${x}-${y}`} cx={64 - x} cy={y} rx="2.6" ry="5.4" transform={`rotate(${-r} ${64 - x} ${y})`} />
    ))}
  </g>
);

/** A small crown over the number. */
const Crown = ({ fill, stroke }: { fill: string; stroke: string }) => (
  <path d="M23 22 L25.5 14 L29.5 19 L32 12.5 L34.5 19 L38.5 14 L41 22 Z" fill={fill} stroke={stroke} strokeWidth="1" strokeLinejoin="round" />
);

type Props = {
  /** The rank (1 for VIP1); 0 draws the plain crest of "no rank yet". */
  level: number;
  size?: number;
  className?: string;
};

/**
 * A rank's badge, drawn here (no image files): a crest in the rank's own metal or gem colour with its
 * number under a crown, laurels from the fourth rank and a glow from the seventh. Decorative: the rank's
 * name is always written beside it.
 */
export const VipBadge = ({ level, size = 48, className }: Props) => {
  const id = useSvgId('vb');
  const paint = badgePaint(level);
  const none = level <= 0;
  return (
    <svg
      className={`vip-badge${className ? ` ${className}` : ''}`}
      viewBox="0 0 64 72"
      width={size}
      height={(size * 72) / 64}
      aria-hidden="true"
      focusable="false"
      data-level={level}
    >
      <defs>
        <linearGradient id={`${id}-metal`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={paint.light} />
          <stop offset="0.5" stopColor={paint.mid} />
          <stop offset="1" stopColor={paint.deep} />
        </linearGradient>
        <linearGradient id={`${id}-face`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={paint.mid} />
          <stop offset="1" stopColor={paint.deep} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0.55" stopColor={paint.light} stopOpacity="0.55" />
          <stop offset="1" stopColor={paint.light} stopOpacity="0" />
        </radialGradient>
        <clipPath id={`${id}-clip`}>
          <path d={SHIELD} />
        </clipPath>
      </defs>
      {level >= 7 && <circle cx="32" cy="36" r="34" fill={`url(#${id}-glow)`} />}
      {level >= 4 && <Laurel colour={paint.light} />}
      <path d={SHIELD} fill={none ? 'none' : `url(#${id}-metal)`} stroke={none ? paint.mid : paint.deep} strokeWidth={none ? 2 : 1.2} strokeDasharray={none ? '4 3' : undefined} />
      {!none && (
        <>
          <path d={INNER} fill={`url(#${id}-face)`} stroke={paint.light} strokeOpacity="0.7" strokeWidth="1.2" />
          {/* A sheen across the upper left. */}
          <path d="M0 0 H40 L8 60 H0 Z" fill="#fff" opacity="0.16" clipPath={`url(#${id}-clip)`} />
          <Crown fill={paint.light} stroke={paint.deep} />
        </>
      )}
      <text x="32" y={none ? 44 : 47} textAnchor="middle" className="vip-badge__num" fill={none ? paint.mid : paint.light} stroke={none ? 'none' : paint.ink} strokeWidth="0.8" paintOrder="stroke">
        {none ? '–' : level}
      </text>
    </svg>
  );
};
