import type { LotteryGameCode } from '@apsara/contracts';
import { useSvgId } from '../../../components/ui/art/use-svg-id';

/** Each lottery's signature colours: a hot red-orange for the one-minute game, temple teal and gold for the five-minute one, river green and red for the Mekong Vietnam lottery. */
export const GAME_COLOURS: Record<LotteryGameCode, readonly [string, string, string]> = {
  FAST5D: ['#ff5a3d', '#7a0f24', '#ffd166'],
  CLASSIC5D: ['#1fb5a8', '#0b2a4a', '#f5c451'],
  VN2M: ['#2fbf71', '#6b0f1a', '#ffcd3c'],
};

const Ball = ({ x, y, r, fill, digit }: { x: number; y: number; r: number; fill: string; digit: string }) => (
  <g>
    <circle cx={x} cy={y} r={r} fill={fill} />
    <circle cx={x - r * 0.35} cy={y - r * 0.4} r={r * 0.35} fill="#fff" opacity="0.35" />
    <circle cx={x} cy={y} r={r * 0.62} fill="#fff" />
    <text x={x} y={y + r * 0.28} textAnchor="middle" fontFamily="Arial Black, Arial, sans-serif" fontWeight="900" fontSize={r * 0.8} fill="#1d1405">
      {digit}
    </text>
  </g>
);

/** The one-minute game: a stopwatch with a lightning bolt and balls flying out. */
const fastScene = (accent: string) => (
  <g>
    <g transform="translate(214 30)">
      <circle cx="44" cy="52" r="44" fill="#2a0710" stroke={accent} strokeWidth="5" />
      <rect x="36" y="0" width="16" height="10" rx="3" fill={accent} />
      <path d="M44 52V24" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <path d="M44 52l16 10" stroke={accent} strokeWidth="5" strokeLinecap="round" />
      <path d="M50 14l-18 40h14l-8 32 26-44H50l8-28z" fill={accent} opacity="0.9" />
    </g>
    <Ball x={170} y={40} r={16} fill="#ff8a3d" digit="1" />
    <Ball x={318} y={122} r={13} fill="#2fd27a" digit="5" />
    <Ball x={206} y={22} r={10} fill="#5aa9ff" digit="9" />
  </g>
);

/** The five-minute game: Angkor's towers at dusk, balls rising like moons. */
const classicScene = (accent: string) => (
  <g>
    <path
      d="M150 150v-26h14v-14h10v-22l8-16 8 16v22h10v-28l10-22 10 22v28h10v-40l14-30 14 30v40h10v-28l10-22 10 22v28h10v-22l8-16 8 16v22h10v14h14v26z"
      fill="#06182c"
      stroke={accent}
      strokeWidth="2.5"
      strokeLinejoin="round"
    />
    <path d="M150 150h170" stroke={accent} strokeWidth="3" />
    <Ball x={176} y={40} r={15} fill="#f5c451" digit="2" />
    <Ball x={300} y={36} r={13} fill="#ff5a5f" digit="3" />
    <Ball x={246} y={22} r={10} fill="#9b6bff" digit="0" />
  </g>
);

/** The Vietnam lottery: a sampan on the Mekong's waves under a lantern, balls floating up. */
const riverScene = (accent: string) => (
  <g>
    <path d="M150 120q20-10 40 0t40 0 40 0 40 0 40 0v30H150z" fill="#08301f" opacity="0.9" />
    <path d="M150 132q20-10 40 0t40 0 40 0 40 0 40 0" stroke={accent} strokeWidth="2.5" fill="none" opacity="0.7" />
    <path d="M196 108h96l-14 16h-68z" fill="#3a0a12" stroke={accent} strokeWidth="3" strokeLinejoin="round" />
    <path d="M236 108V58" stroke={accent} strokeWidth="3" strokeLinecap="round" />
    <path d="M238 62l34 38h-34z" fill="#fff" opacity="0.85" />
    <ellipse cx="206" cy="46" rx="11" ry="14" fill="#e2342d" stroke={accent} strokeWidth="2" />
    <path d="M206 32v-8M206 60v10" stroke={accent} strokeWidth="2" />
    <Ball x={178} y={84} r={13} fill="#2fbf71" digit="7" />
    <Ball x={300} y={48} r={15} fill="#e2342d" digit="4" />
    <Ball x={270} y={22} r={10} fill="#ffcd3c" digit="9" />
  </g>
);

/** Generated artwork of one lottery, drawn on the right so its name can sit on the left. */
export const GameArt = ({ code, className }: { code: LotteryGameCode; className?: string }) => {
  const id = useSvgId(`lt-art-${code}`);
  const [light, dark, accent] = GAME_COLOURS[code];
  return (
    <svg viewBox="0 0 340 150" className={className} aria-hidden="true" preserveAspectRatio="xMaxYMid slice">
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={dark} />
          <stop offset="1" stopColor={light} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.75" cy="0.35" r="0.6">
          <stop offset="0" stopColor={accent} stopOpacity="0.45" />
          <stop offset="1" stopColor={accent} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="340" height="150" fill={`url(#${id}-bg)`} />
      <rect width="340" height="150" fill={`url(#${id}-glow)`} />
      {Array.from({ length: 7 }, (_, i) => (
        <circle key={i} cx={30 + i * 48} cy={20 + ((i * 37) % 110)} r={1.6} fill="#fff" opacity="0.5" />
      ))}
      {code === 'FAST5D' ? fastScene(accent) : code === 'VN2M' ? riverScene(accent) : classicScene(accent)}
    </svg>
  );
};
