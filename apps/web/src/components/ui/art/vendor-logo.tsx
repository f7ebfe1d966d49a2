import { useSvgId } from './use-svg-id';
import { gradientFor, motifFor, type Motif } from './palette';

type Props = {
  vendor: string;
  /** Rendered width; the logo keeps a 5:2 ratio. */
  width?: number;
  className?: string;
  /** When set the SVG is an image with this name; otherwise decorative. */
  label?: string;
};

const motif = (kind: Motif, fill: string) => {
  switch (kind) {
    case 'rings':
      return (
        <g fill="none" stroke={fill} strokeWidth="3" opacity=".35">
          <circle cx="16" cy="20" r="10" />
          <circle cx="16" cy="20" r="16" />
        </g>
      );
    case 'diamond':
      return <path d="M16 4 28 20 16 36 4 20z" fill={fill} opacity=".35" />;
    case 'chevrons':
      return <path d="M4 10l10 10-10 10M14 10l10 10-10 10" fill="none" stroke={fill} strokeWidth="4" opacity=".4" />;
    default:
      return (
        <g fill={fill} opacity=".4">
          {Array.from({ length: 8 }, (_, i) => (
            <rect key={i} x="15" y="4" width="2.4" height="10" rx="1.2" transform={`rotate(${i * 45} 16 20)`} />
          ))}
        </g>
      );
  }
};

const TEXT_ROOM = 64;

/** A generated wordmark for a game vendor: its own gradient, motif and name. */
export const VendorLogo = ({ vendor, width = 100, className, label }: Props) => {
  const id = useSvgId('v');
  const [from, to] = gradientFor(vendor);
  const fontSize = vendor.length > 7 ? 11 : vendor.length > 4 ? 13 : vendor.length > 3 ? 15 : 17;
  // The name has the 64 units right of the motif; a long one (BINGOHALL) is squeezed to fit rather than
  // run past the tile (Arial Black's letters are about 0.72 em wide).
  const squeeze = vendor.length * fontSize * 0.72 > TEXT_ROOM ? { textLength: TEXT_ROOM, lengthAdjust: 'spacingAndGlyphs' as const } : {};
  return (
    <svg
      viewBox="0 0 100 40"
      width={width}
      height={(width * 2) / 5}
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="100" height="40" rx="8" fill={`url(#${id}g)`} />
      {motif(motifFor(vendor), '#fff')}
      <text
        x="62"
        y="21"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="'Arial Black', 'Helvetica Neue', Arial, sans-serif"
        fontWeight="900"
        fontSize={fontSize}
        letterSpacing=".5"
        fill="#fff"
        {...squeeze}
      >
        {vendor}
      </text>
    </svg>
  );
};
