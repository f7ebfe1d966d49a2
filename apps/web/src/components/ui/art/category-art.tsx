import type { ReactNode } from 'react';
import type { CategoryCode } from '../../../data/game-categories';
import { useSvgId } from './use-svg-id';

/**
 * Generated artwork per game family: a signature colour and an illustration, drawn on the right so
 * text can sit on the left. Used for lobby tiles, section headers and "coming soon" screens.
 */
/** Every game category (e-lottery shares the lottery art) plus the portal's own areas. */
export type ArtKind = Exclude<CategoryCode, 'ELOTT'> | 'FAV' | 'RECENT' | 'PROMO' | 'VIP' | 'MEMBER' | 'AGENT' | 'DOWNLOAD';

export const ART_COLOURS: Record<ArtKind, readonly [string, string]> = {
  RNG: ['#f2b537', '#7a3d00'],
  LIVE: ['#ff4f7b', '#5c0a2a'],
  FISH: ['#22c3e6', '#053a5c'],
  SPORTS: ['#2fd27a', '#07402a'],
  ESPORTS: ['#9b6bff', '#26105e'],
  PVP: ['#ff8a3d', '#5a1c02'],
  LOTT: ['#e64545', '#4a0810'],
  COCKFIGHT: ['#ff6a3d', '#4d0d06'],
  BINGO: ['#38b2ac', '#073d3a'],
  BGS: ['#5aa9ff', '#0b2a5c'],
  INHOUSE: ['#f5c451', '#3d2a00'],
  FAV: ['#ff5f8f', '#4a0a24'],
  RECENT: ['#7aa2ff', '#121f4d'],
  PROMO: ['#ffb347', '#5c1d00'],
  VIP: ['#f5c451', '#2a1d00'],
  MEMBER: ['#6ec3ff', '#0c2748'],
  AGENT: ['#b18cff', '#1e1147'],
  DOWNLOAD: ['#4fe0b5', '#06372c'],
};

/** Maps any category code of the portal to its artwork. */
export const artKindOf = (category: string): ArtKind => {
  const code = category.toUpperCase();
  if (code in ART_COLOURS) return code as ArtKind;
  if (code.includes('LOTT')) return 'LOTT';
  return 'INHOUSE';
};

const GOLD = '#ffd866';

const slotMachine = (
  <g transform="translate(196 28)">
    <rect x="0" y="0" width="100" height="118" rx="16" fill="#2a1300" stroke={GOLD} strokeWidth="4" />
    <rect x="10" y="26" width="80" height="52" rx="8" fill="#fff7e0" />
    {[0, 1, 2].map((i) => (
      <text key={i} x={24 + i * 26} y="62" textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize="30" fill="#e23b2e">
        7
      </text>
    ))}
    <path d="M36 26v52M63 26v52" stroke="#e2cfa0" strokeWidth="2" />
    <rect x="18" y="6" width="64" height="14" rx="7" fill={GOLD} />
    <rect x="18" y="88" width="64" height="18" rx="5" fill="#4a2400" />
    <path d="M100 30h10v40" stroke={GOLD} strokeWidth="5" fill="none" strokeLinecap="round" />
    <circle cx="110" cy="24" r="8" fill="#e23b2e" stroke={GOLD} strokeWidth="3" />
  </g>
);

const card = (x: number, y: number, rotate: number, rank: string, suit: string, colour: string) => (
  <g transform={`translate(${x} ${y}) rotate(${rotate})`}>
    <rect width="62" height="88" rx="8" fill="#fffdf6" stroke="#e8dcc0" strokeWidth="2" />
    <text x="10" y="24" fontFamily="Georgia, serif" fontWeight="700" fontSize="20" fill={colour}>
      {rank}
    </text>
    <text x="31" y="62" textAnchor="middle" fontSize="34" fill={colour}>
      {suit}
    </text>
  </g>
);

const chips = (x: number, y: number, colour: string) => (
  <g transform={`translate(${x} ${y})`}>
    {[0, 1, 2, 3].map((i) => (
      <g key={i} transform={`translate(0 ${-i * 7})`}>
        <ellipse cx="0" cy="0" rx="24" ry="9" fill={colour} stroke="#fff" strokeWidth="2" />
        <ellipse cx="0" cy="-1" rx="14" ry="5" fill="none" stroke="#fff" strokeDasharray="4 4" strokeWidth="2" />
      </g>
    ))}
  </g>
);

const ball = (x: number, y: number, r: number, colour: string, label: string) => (
  <g>
    <circle cx={x} cy={y} r={r} fill={colour} />
    <circle cx={x - r * 0.3} cy={y - r * 0.35} r={r * 0.28} fill="#fff" opacity=".35" />
    <circle cx={x} cy={y} r={r * 0.52} fill="#fff" />
    <text x={x} y={y + r * 0.2} textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize={r * 0.6} fill="#222">
      {label}
    </text>
  </g>
);

const illustrations: Record<ArtKind, ReactNode> = {
  RNG: slotMachine,
  LIVE: (
    <g>
      {card(206, 30, -12, 'A', '♠', '#111')}
      {card(244, 26, 10, 'K', '♥', '#d4202f')}
      {chips(214, 150, '#d4202f')}
      {chips(270, 156, '#1f4fd1')}
    </g>
  ),
  FISH: (
    <g>
      <path d="M170 96c28-40 78-50 112-22l26-18v76l-26-18c-34 28-84 22-112-18z" fill="#ffb21f" stroke="#fff3c4" strokeWidth="3" />
      <path d="M222 66c10 10 12 30 0 48" stroke="#e86a00" strokeWidth="4" fill="none" />
      <circle cx="192" cy="88" r="6" fill="#111" />
      <circle cx="194" cy="86" r="2" fill="#fff" />
      {[
        [170, 50, 7],
        [158, 30, 5],
        [186, 22, 4],
      ].map(([cx, cy, r]) => (
        <circle key={`${cx}${cy}`} cx={cx} cy={cy} r={r} fill="none" stroke="#bff3ff" strokeWidth="2" />
      ))}
      <path d="M140 160q20-12 40 0t40 0 40 0 40 0 40 0" stroke="#bff3ff" strokeWidth="4" fill="none" opacity=".6" />
    </g>
  ),
  SPORTS: (
    <g>
      <path d="M150 170a90 40 0 0 1 180 0" stroke="#c9ffd9" strokeWidth="3" fill="none" opacity=".35" />
      <circle cx="250" cy="84" r="56" fill="#fff" />
      <path d="m250 62 21 15-8 25h-26l-8-25z" fill="#111" />
      <path d="M250 62V30M271 77l30-10M263 102l18 26M237 102l-18 26M229 77l-30-10" stroke="#111" strokeWidth="3" />
      <path d="M226 32l24 0 0 0M296 60l6 26M286 132l-24 6M214 132l-22-12M198 86l4-26" stroke="#111" strokeWidth="3" opacity=".5" />
    </g>
  ),
  ESPORTS: (
    <g transform="translate(180 44)">
      <path d="M30 16h76c20 0 34 16 30 36l-6 38c-3 18-24 22-34 8l-14-18H54L40 98c-10 14-31 10-34-8L0 52c-4-20 10-36 30-36z" fill="#1b1040" stroke="#c9b5ff" strokeWidth="4" />
      <path d="M36 40v28M22 54h28" stroke="#c9b5ff" strokeWidth="7" strokeLinecap="round" />
      <circle cx="98" cy="44" r="7" fill="#ff5f8f" />
      <circle cx="114" cy="58" r="7" fill="#4fe08a" />
      <circle cx="82" cy="58" r="7" fill="#5aa9ff" />
      <circle cx="98" cy="72" r="7" fill="#ffd866" />
    </g>
  ),
  PVP: (
    <g>
      {card(190, 44, -22, 'Q', '♣', '#111')}
      {card(222, 30, -4, 'A', '♦', '#d4202f')}
      {card(256, 30, 14, 'J', '♠', '#111')}
    </g>
  ),
  LOTT: (
    <g>
      {ball(214, 64, 30, '#e64545', '8')}
      {ball(274, 58, 26, '#1f6fe6', '3')}
      {ball(246, 124, 32, '#f2b537', '27')}
      {ball(298, 122, 20, '#2fd27a', '5')}
    </g>
  ),
  COCKFIGHT: (
    <g transform="translate(178 22)">
      <path d="M40 120c-22-6-34-30-26-54 6-18 22-28 40-28l6-12 8 10 8-14 6 16 10-6-2 16c10 8 12 22 6 32l14 6-14 6c-4 18-22 30-42 30" fill="#ff6a3d" />
      <path d="M40 120C8 110 0 70 20 44M30 124C-6 112-12 64 10 40" stroke="#ffd866" strokeWidth="6" fill="none" strokeLinecap="round" />
      <path d="M104 76l18 6-18 6z" fill="#ffd866" />
      <circle cx="84" cy="62" r="5" fill="#111" />
      <path d="M80 92c2 10-4 16-10 18" stroke="#d4202f" strokeWidth="6" strokeLinecap="round" fill="none" />
      <path d="M58 124v22M74 124v22M50 146h16M68 146h16" stroke="#ffd866" strokeWidth="5" strokeLinecap="round" />
    </g>
  ),
  BINGO: (
    <g transform="translate(196 26)">
      <rect width="112" height="124" rx="12" fill="#fff" />
      <rect width="112" height="26" rx="12" fill="#0f6b66" />
      <text x="56" y="19" textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize="16" fill="#fff">
        BINGO
      </text>
      {Array.from({ length: 16 }, (_, i) => {
        const col = i % 4;
        const row = Math.floor(i / 4);
        const daubed = [0, 5, 10, 15, 6].includes(i);
        return (
          <g key={i}>
            <text x={16 + col * 27} y={50 + row * 24} textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="12" fill="#1d2a3a">
              {(i * 7 + 3) % 75}
            </text>
            {daubed && <circle cx={16 + col * 27} cy={46 + row * 24} r="10" fill="#38b2ac" opacity=".6" />}
          </g>
        );
      })}
    </g>
  ),
  BGS: (
    <g>
      <g transform="translate(196 40) rotate(-12)">
        <rect width="70" height="70" rx="14" fill="#fff" />
        {[
          [18, 18],
          [52, 52],
          [35, 35],
          [52, 18],
          [18, 52],
        ].map(([cx, cy]) => (
          <circle key={`${cx}${cy}`} cx={cx} cy={cy} r="6.5" fill="#1f4fd1" />
        ))}
      </g>
      <g transform="translate(250 82) rotate(14)">
        <rect width="62" height="62" rx="12" fill="#e64545" />
        {[
          [16, 16],
          [46, 46],
          [46, 16],
          [16, 46],
        ].map(([cx, cy]) => (
          <circle key={`${cx}${cy}`} cx={cx} cy={cy} r="6" fill="#fff" />
        ))}
      </g>
    </g>
  ),
  INHOUSE: (
    <g transform="translate(196 30)">
      <path d="M24 0h64l24 34-56 86L0 34z" fill="#ffd866" />
      <path d="M0 34h112M24 0l14 34 18 86 18-86 14-34M38 34 56 0l18 34" stroke="#a66b00" strokeWidth="3" fill="none" />
      <path d="M24 0h64l-10 14H34z" fill="#fff3c4" opacity=".7" />
    </g>
  ),
  FAV: <path d="M250 150s-62-36-62-82a34 34 0 0 1 62-18 34 34 0 0 1 62 18c0 46-62 82-62 82z" fill="#ff5f8f" stroke="#ffd0de" strokeWidth="4" />,
  RECENT: (
    <g>
      <circle cx="250" cy="90" r="58" fill="#1b2a66" stroke="#cbd8ff" strokeWidth="6" />
      <path d="M250 52v40l26 16" stroke="#fff" strokeWidth="8" strokeLinecap="round" fill="none" />
    </g>
  ),
  PROMO: (
    <g transform="translate(190 36)">
      <rect x="0" y="40" width="120" height="80" rx="10" fill="#e64545" />
      <rect x="-6" y="24" width="132" height="26" rx="8" fill="#ff6b6b" />
      <rect x="50" y="24" width="20" height="96" fill="#ffd866" />
      <path d="M60 24C40-6 10 4 26 22M60 24c20-30 50-20 34-2" stroke="#ffd866" strokeWidth="8" fill="none" strokeLinecap="round" />
    </g>
  ),
  VIP: (
    <g transform="translate(188 40)">
      <path d="M0 96 10 16l36 32L64 0l18 48 36-32 10 80z" fill="#ffd866" stroke="#fff3c4" strokeWidth="4" strokeLinejoin="round" />
      <rect x="0" y="100" width="128" height="16" rx="6" fill="#c98a12" />
      <circle cx="64" cy="70" r="10" fill="#e64545" />
    </g>
  ),
  MEMBER: (
    <g>
      <circle cx="250" cy="66" r="32" fill="#cfe9ff" />
      <path d="M194 152c8-36 30-54 56-54s48 18 56 54z" fill="#cfe9ff" />
    </g>
  ),
  AGENT: (
    <g>
      <circle cx="250" cy="58" r="24" fill="#e3d6ff" />
      <circle cx="204" cy="104" r="18" fill="#b18cff" />
      <circle cx="296" cy="104" r="18" fill="#b18cff" />
      <path d="M250 82v20M250 102l-40 0M250 102l40 0" stroke="#e3d6ff" strokeWidth="4" />
      <path d="M180 156c4-18 12-28 24-28s20 10 24 28zM272 156c4-18 12-28 24-28s20 10 24 28z" fill="#b18cff" />
    </g>
  ),
  DOWNLOAD: (
    <g transform="translate(214 22)">
      <rect width="74" height="136" rx="14" fill="#0d1a2b" stroke="#bff5e4" strokeWidth="4" />
      <rect x="8" y="16" width="58" height="100" rx="6" fill="#13c39a" />
      <path d="M37 40v46m0 0-16-16m16 16 16-16" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      <rect x="27" y="124" width="20" height="4" rx="2" fill="#bff5e4" />
    </g>
  ),
};

type Props = {
  kind: ArtKind;
  className?: string;
  /** When set the artwork is an image with this name; otherwise decorative. */
  label?: string;
};

export const CategoryArt = ({ kind, className, label }: Props) => {
  const id = useSvgId('c');
  const [light, dark] = ART_COLOURS[kind];
  return (
    <svg
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        <radialGradient id={`${id}bg`} cx="78%" cy="40%" r="85%">
          <stop offset="0" stopColor={light} />
          <stop offset=".55" stopColor={dark} />
          <stop offset="1" stopColor="#070b16" />
        </radialGradient>
        <linearGradient id={`${id}sheen`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity=".18" />
          <stop offset=".5" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${id}bg)`} />
      <g opacity=".16" stroke="#fff" strokeWidth="1.5" fill="none">
        <circle cx="250" cy="90" r="80" />
        <circle cx="250" cy="90" r="110" />
      </g>
      {[
        [40, 30, 2],
        [120, 150, 1.6],
        [300, 20, 2.2],
        [160, 40, 1.4],
        [20, 120, 1.8],
      ].map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="#fff" opacity=".7" />
      ))}
      {illustrations[kind]}
      <rect width="320" height="180" fill={`url(#${id}sheen)`} />
    </svg>
  );
};
