import type { ReactNode } from 'react';
import { useSvgId } from '../../../components/ui/art/use-svg-id';
import type { BannerArt as BannerArtVariant } from '@apsara/contracts';

/** Wide generated artwork behind a banner's text: rays, bokeh and one hero object on the right. */

const THEMES: Record<BannerArtVariant, { from: string; to: string; glow: string }> = {
  welcome: { from: '#3b1d00', to: '#0c1024', glow: '#ffcb52' },
  live: { from: '#4a0a2a', to: '#0b0f22', glow: '#ff4f7b' },
  slots: { from: '#2b0f5c', to: '#0a0f1e', glow: '#b98bff' },
  sports: { from: '#043a2a', to: '#081326', glow: '#2fd27a' },
};

const coin = (x: number, y: number, r: number, tilt = 0) => (
  <g transform={`translate(${x} ${y}) rotate(${tilt})`}>
    <ellipse rx={r} ry={r * 0.98} fill="#c98a12" />
    <ellipse rx={r * 0.92} ry={r * 0.9} fill="#ffd866" />
    <ellipse rx={r * 0.7} ry={r * 0.68} fill="none" stroke="#c98a12" strokeWidth={r * 0.08} />
    <text y={r * 0.28} textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize={r * 0.8} fill="#a66b00">
      $
    </text>
  </g>
);

const heroes: Record<BannerArtVariant, ReactNode> = {
  welcome: (
    <g>
      <g transform="translate(900 120)">
        <rect x="-110" y="40" width="220" height="150" rx="14" fill="#d4202f" />
        <rect x="-124" y="10" width="248" height="46" rx="12" fill="#ff4d5a" />
        <rect x="-18" y="10" width="36" height="180" fill="#ffd866" />
        <path d="M0 10C-30-50-96-30-66 4M0 10c30-60 96-40 66-6" stroke="#ffd866" strokeWidth="14" fill="none" strokeLinecap="round" />
      </g>
      {coin(760, 300, 40, -12)}
      {coin(1060, 250, 52, 10)}
      {coin(1110, 90, 28, -20)}
      {coin(720, 120, 24, 14)}
    </g>
  ),
  live: (
    <g transform="translate(920 200)">
      <circle r="150" fill="#2a0613" stroke="#ffd866" strokeWidth="10" />
      {Array.from({ length: 18 }, (_, i) => (
        <path
          key={i}
          d="M0 0L-24.5 -138A140 140 0 0 1 24.5 -138z"
          transform={`rotate(${i * 20})`}
          fill={i === 0 ? '#1aa35a' : i % 2 ? '#d4202f' : '#151515'}
        />
      ))}
      <circle r="86" fill="#5a2a0a" stroke="#ffd866" strokeWidth="6" />
      <circle r="30" fill="#ffd866" />
      <path d="M0-80V80M-80 0H80" stroke="#ffd866" strokeWidth="8" strokeLinecap="round" />
      <circle cx="60" cy="-112" r="12" fill="#fff" />
    </g>
  ),
  slots: (
    <g transform="translate(760 60)">
      <rect width="320" height="260" rx="28" fill="#1c0b3d" stroke="#ffd866" strokeWidth="8" />
      <rect x="24" y="60" width="272" height="130" rx="16" fill="#fff8e6" />
      {[0, 1, 2].map((i) => (
        <text key={i} x={70 + i * 90} y="152" textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize="86" fill="#e23b2e">
          7
        </text>
      ))}
      <path d="M115 60v130M205 60v130" stroke="#e2cfa0" strokeWidth="4" />
      <rect x="60" y="16" width="200" height="30" rx="15" fill="#ffd866" />
      <text x="160" y="38" textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize="20" fill="#5a2fd6">
        JACKPOT
      </text>
      <path d="M320 90h26v110" stroke="#ffd866" strokeWidth="12" fill="none" strokeLinecap="round" />
      <circle cx="346" cy="76" r="20" fill="#e23b2e" stroke="#ffd866" strokeWidth="6" />
      <rect x="40" y="208" width="240" height="30" rx="10" fill="#3a1a6e" />
    </g>
  ),
  sports: (
    <g>
      <path d="M560 400c120-120 520-120 640 0" stroke="#c9ffd9" strokeWidth="4" fill="none" opacity=".25" />
      <g transform="translate(930 190)">
        <circle r="130" fill="#fff" />
        <path d="m0-52 50 36-19 58h-62l-19-58z" fill="#111" />
        <path d="M0-52v-76M50-16l72-24M31 42l44 62M-31 42l-44 62M-50-16l-72-24" stroke="#111" strokeWidth="6" />
        <path d="M-40-124l40 0M118-40l8 60M80 104l-56 22M-84 104l-48-36M-128 0l10-56" stroke="#111" strokeWidth="6" opacity=".5" />
      </g>
      <path d="M740 70l40 60M1120 60l-36 64" stroke="#c9ffd9" strokeWidth="6" strokeLinecap="round" opacity=".5" />
    </g>
  ),
};

export const BannerArt = ({ variant }: { variant: BannerArtVariant }) => {
  const id = useSvgId('bn');
  const theme = THEMES[variant];
  return (
    <svg viewBox="0 0 1200 400" preserveAspectRatio="xMaxYMid slice" className="banner-art" aria-hidden="true">
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={theme.to} />
          <stop offset=".55" stopColor={theme.from} />
          <stop offset="1" stopColor={theme.to} />
        </linearGradient>
        <radialGradient id={`${id}glow`} cx="76%" cy="50%" r="45%">
          <stop offset="0" stopColor={theme.glow} stopOpacity=".55" />
          <stop offset="1" stopColor={theme.glow} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1200" height="400" fill={`url(#${id}bg)`} />
      <g transform="translate(910 200)" opacity=".12">
        {Array.from({ length: 12 }, (_, i) => (
          <path key={i} d="M0 0L-40 -700L40 -700z" fill="#fff" transform={`rotate(${i * 30})`} />
        ))}
      </g>
      <rect width="1200" height="400" fill={`url(#${id}glow)`} />
      {[
        [640, 60, 6],
        [700, 340, 4],
        [1160, 330, 8],
        [600, 220, 3],
        [1180, 40, 5],
        [820, 30, 4],
      ].map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="#fff" opacity=".55" />
      ))}
      {heroes[variant]}
    </svg>
  );
};
