import type { ReactNode } from 'react';
import type { PointGoodsArt } from '@apsara/contracts';
import { useSvgId } from '../../../components/ui/art/use-svg-id';

/*
 * Generated artwork for the goods of the points mall: one design per `art` key of the contract, each
 * with its own colours and drawing, so the shelf reads at a glance (never grey boxes). Decorative: the
 * good's name is its card's heading.
 */

/** Background colours per design: light corner to deep corner. */
const COLOURS: Record<PointGoodsArt, readonly [string, string]> = {
  phone: ['#5b8cff', '#16237a'],
  watch: ['#21d4c5', '#074656'],
  headphones: ['#ff5fa2', '#5e0d3c'],
  voucher: ['#ffb347', '#7a2e00'],
  gold: ['#2fd27a', '#063d26'],
  bag: ['#ff8a3d', '#5c1800'],
  speaker: ['#a77bff', '#24106a'],
  tablet: ['#46c6ff', '#083a72'],
  gift: ['#ff6b6b', '#6b0a20'],
  car: ['#f48cff', '#4d1470'],
};

/** Where each design puts its sparkles (x, y, size), away from the drawing. */
const SPARKS: Record<PointGoodsArt, readonly (readonly [number, number, number])[]> = {
  phone: [[58, 34, 7], [186, 112, 5], [196, 40, 4]],
  watch: [[54, 108, 6], [190, 36, 7], [200, 100, 4]],
  headphones: [[50, 40, 5], [196, 42, 7], [186, 118, 4]],
  voucher: [[44, 30, 6], [204, 118, 6], [208, 34, 4]],
  gold: [[64, 36, 7], [178, 30, 5], [204, 70, 4]],
  bag: [[52, 42, 6], [194, 34, 5], [196, 112, 6]],
  speaker: [[62, 40, 6], [182, 34, 4], [188, 116, 6]],
  tablet: [[40, 28, 5], [206, 120, 6], [210, 30, 4]],
  gift: [[56, 36, 7], [190, 30, 5], [196, 110, 5]],
  car: [[52, 34, 6], [188, 30, 7], [210, 70, 4]],
};

type Paint = { from: string; to: string; id: string };

const sparkle = (x: number, y: number, s: number, key: number) => (
  <path key={key} d={`M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`} fill="#fff" opacity="0.85" />
);

const DEVICE = '#111a33';
const EDGE = '#e8eeff';

const DRAWINGS: Record<PointGoodsArt, (p: Paint) => ReactNode> = {
  phone: ({ id, from }) => (
    <g transform="translate(120 74) rotate(-12)">
      <rect x="-31" y="-57" width="62" height="114" rx="12" fill={DEVICE} stroke={EDGE} strokeWidth="3" />
      <rect x="-25" y="-48" width="50" height="96" rx="7" fill={`url(#${id}-screen)`} />
      <rect x="-9" y="-53" width="18" height="3.5" rx="1.75" fill={EDGE} opacity="0.7" />
      {[0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => <rect key={`${r}${c}`} x={-19 + c * 14} y={-38 + r * 15} width="10" height="10" rx="3" fill="#fff" opacity={0.35 + ((r + c) % 3) * 0.2} />))}
      <rect x="-19" y="14" width="38" height="22" rx="5" fill={from} opacity="0.9" />
      <path d="M-12 26l6-6 6 5 7-8" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </g>
  ),
  watch: ({ id, from }) => (
    <g transform="translate(120 75)">
      <rect x="-19" y="-72" width="38" height="40" rx="9" fill="#18223f" />
      <rect x="-19" y="32" width="38" height="40" rx="9" fill="#18223f" />
      <path d="M-13 -64h26M-13 -54h26M-13 54h26M-13 64h26" stroke="#2c3a63" strokeWidth="3" />
      <circle r="41" fill={`url(#${id}-metal)`} />
      <circle r="34" fill={DEVICE} />
      <circle r="27" fill="none" stroke="#24304f" strokeWidth="5" />
      <circle r="27" fill="none" stroke={from} strokeWidth="5" strokeDasharray="120 200" strokeLinecap="round" transform="rotate(-90)" />
      <path d="M0 0V-18M0 0l13 7" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <circle r="3.5" fill={from} />
      <rect x="39" y="-7" width="8" height="14" rx="2.5" fill={EDGE} />
    </g>
  ),
  headphones: ({ to }) => (
    <g transform="translate(120 82)">
      <path d="M-46 8C-46-52 46-52 46 8" fill="none" stroke="#18223f" strokeWidth="11" strokeLinecap="round" />
      <path d="M-40 0C-38-42 38-42 40 0" fill="none" stroke="#fff" strokeWidth="2.5" opacity="0.35" strokeLinecap="round" />
      {[-1, 1].map((side) => (
        <g key={side} transform={`translate(${side * 46} 22)`}>
          <rect x="-15" y="-26" width="30" height="50" rx="13" fill="#fff" />
          <rect x="-9" y="-19" width="18" height="36" rx="9" fill={to} />
          <rect x="-4" y="-12" width="4" height="16" rx="2" fill="#fff" opacity="0.5" />
        </g>
      ))}
    </g>
  ),
  voucher: ({ to, from }) => (
    <g transform="translate(120 76) rotate(-8)">
      <path d="M-72-38h144v24a14 14 0 0 0 0 28v24h-144v-24a14 14 0 0 0 0-28z" fill="#fff8e6" />
      <path d="M-72-38h144v10h-144z" fill={from} opacity="0.35" />
      <line x1="32" y1="-30" x2="32" y2="34" stroke={to} strokeWidth="2.5" strokeDasharray="5 5" />
      <circle cx="-22" cy="4" r="22" fill={to} />
      <path d="M-32 14l20-20" stroke="#fff8e6" strokeWidth="4" strokeLinecap="round" />
      <circle cx="-30" cy="-4" r="4.5" fill="#fff8e6" />
      <circle cx="-14" cy="12" r="4.5" fill="#fff8e6" />
      <path d="M52-10l4 9 10 1-7.5 6.5 2.5 9.5-9-5-9 5 2.5-9.5-7.5-6.5 10-1z" fill={to} />
    </g>
  ),
  gold: ({ id }) => (
    <g transform="translate(120 100)">
      {[
        [-36, 0],
        [36, 0],
        [0, -26],
      ].map(([x, y]) => (
        <g key={`${x}${y}`} transform={`translate(${x} ${y})`}>
          <path d="M-34 0h68l-11-26h-46z" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="1.5" />
          <path d="M-23-26h46l-4 6h-38z" fill="#fff3c4" opacity="0.85" />
          <path d="M-18-9h22" stroke="#fff3c4" strokeWidth="3" strokeLinecap="round" opacity="0.8" />
        </g>
      ))}
    </g>
  ),
  bag: ({ to, from }) => (
    <g transform="translate(120 80)">
      <path d="M-18-40v-10a7 7 0 0 1 7-7h22a7 7 0 0 1 7 7v10" stroke="#18223f" strokeWidth="6" fill="none" />
      <rect x="-52" y="-42" width="104" height="78" rx="15" fill="#fff" />
      <rect x="-52" y="-10" width="104" height="12" fill={from} />
      <rect x="-52" y="6" width="104" height="5" fill={to} opacity="0.7" />
      <path d="M-30-42v78M30-42v78" stroke="#dfe4f3" strokeWidth="3" />
      <rect x="-8" y="-18" width="16" height="14" rx="3" fill="#18223f" />
      <circle cx="-34" cy="42" r="6" fill="#18223f" />
      <circle cx="34" cy="42" r="6" fill="#18223f" />
    </g>
  ),
  speaker: ({ from }) => (
    <g transform="translate(120 76)">
      {[-1, 1].map((side) => (
        <g key={side} stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" opacity="0.7">
          <path d={`M${side * 44}-14a24 24 0 0 ${side > 0 ? 1 : 0} 0 30`} />
          <path d={`M${side * 54}-24a38 38 0 0 ${side > 0 ? 1 : 0} 0 50`} opacity="0.6" />
        </g>
      ))}
      <rect x="-33" y="-54" width="66" height="108" rx="30" fill="#141c36" />
      <rect x="-33" y="-54" width="66" height="108" rx="30" fill="none" stroke="#fff" strokeOpacity="0.18" strokeWidth="2" />
      <circle cy="-20" r="15" fill="#2b355a" />
      <circle cy="-20" r="7" fill={from} />
      <circle cy="20" r="23" fill="#2b355a" />
      <circle cy="20" r="13" fill={from} />
      <circle cy="20" r="5" fill="#141c36" />
    </g>
  ),
  tablet: ({ id, from }) => (
    <g transform="translate(120 76) rotate(5)">
      <rect x="-68" y="-46" width="136" height="92" rx="11" fill={DEVICE} stroke={EDGE} strokeWidth="3" />
      <rect x="-60" y="-38" width="120" height="76" rx="5" fill={`url(#${id}-screen)`} />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect key={i} x={-48 + i * 18} y={20 - [18, 30, 22, 40, 34][i]} width="11" height={[18, 30, 22, 40, 34][i]} rx="2" fill={i === 3 ? from : '#fff'} opacity={i === 3 ? 1 : 0.55} />
      ))}
      <path d="M30-26l12 8-12 8z" fill="#fff" opacity="0.9" />
    </g>
  ),
  gift: ({ to, from }) => (
    <g transform="translate(120 84)">
      <rect x="-44" y="-20" width="88" height="58" rx="6" fill="#fff" />
      <rect x="-50" y="-36" width="100" height="20" rx="5" fill="#f1f3ff" />
      <rect x="-44" y="-16" width="88" height="6" fill={from} opacity="0.25" />
      <rect x="-9" y="-36" width="18" height="74" fill={to} />
      <path d="M0-36C-10-58-36-56-30-44-26-36-10-36 0-36zM0-36C10-58 36-56 30-44 26-36 10-36 0-36z" fill={to} />
      <circle cy="-36" r="6" fill={from} />
    </g>
  ),
  car: ({ to, from }) => (
    <g transform="translate(120 86)">
      <path d="M-72 16v-16q0-9 9-11l19-4 17-21q5-5 11-5h46q7 0 11 5l16 21 13 3q9 2 9 11v17z" fill="#fff" />
      <path d="M-38-15l13-16q3-3 7-3h16v19zM6-34h19q4 0 7 3l12 16h-38z" fill="#18223f" />
      <path d="M-72 4h144" stroke={from} strokeWidth="5" />
      <rect x="60" y="-6" width="10" height="6" rx="2" fill="#ffd866" />
      <rect x="-72" y="-6" width="8" height="6" rx="2" fill={to} />
      {[-40, 40].map((x) => (
        <g key={x} transform={`translate(${x} 18)`}>
          <circle r="15" fill="#141c36" />
          <circle r="6.5" fill="#c9d2ea" />
        </g>
      ))}
    </g>
  ),
};

/** The artwork of one good, filling its box (3 : 2, cropped to fit). */
export const GoodsArt = ({ art, className }: { art: PointGoodsArt; className?: string }) => {
  const id = useSvgId('pm');
  const [from, to] = COLOURS[art];
  return (
    <svg viewBox="0 0 240 150" className={className} preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.45" r="0.5">
          <stop offset="0" stopColor="#fff" stopOpacity="0.38" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-screen`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor={from} />
        </linearGradient>
        <linearGradient id={`${id}-metal`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#9aa6c4" />
        </linearGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe28f" />
          <stop offset="0.55" stopColor="#f2b537" />
          <stop offset="1" stopColor="#c98a12" />
        </linearGradient>
      </defs>
      <rect width="240" height="150" fill={`url(#${id}-bg)`} />
      <g fill="none" stroke="#fff" strokeOpacity="0.12" strokeWidth="2">
        <circle cx="214" cy="18" r="36" />
        <circle cx="214" cy="18" r="58" />
        <circle cx="214" cy="18" r="80" />
      </g>
      <path d="M-20 150L90-10h40L10 150z" fill="#fff" opacity="0.06" />
      <ellipse cx="120" cy="72" rx="92" ry="62" fill={`url(#${id}-glow)`} />
      <ellipse cx="120" cy="134" rx="62" ry="7" fill="#000" opacity="0.28" />
      {DRAWINGS[art]({ from, to, id })}
      {SPARKS[art].map(([x, y, s], i) => sparkle(x, y, s, i))}
    </svg>
  );
};
