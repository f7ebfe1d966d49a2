import type { ReactNode } from 'react';
import type { PromotionArt } from '@apsara/contracts';
import { useSvgId } from '../../../components/ui/art/use-svg-id';

/*
 * Generated artwork for the promotions: one design per `art` key of the contract, each with its own
 * colours, motif and drawing (a red envelope, a reload ring, a wallet, a prize wheel, a crown, a
 * phone, a gift, a trophy), so the hall reads at a glance and never shows a grey box. Drawn on the
 * right two thirds, with a sunburst behind; decorative (the card's heading names the promotion).
 */

/** Background per design: light corner to deep corner. */
const COLOURS: Record<PromotionArt, readonly [string, string]> = {
  welcome: ['#ff6b6b', '#5c0818'],
  reload: ['#21d4c5', '#053c4d'],
  cashback: ['#3ddc84', '#04361f'],
  wheel: ['#a77bff', '#1f0c5c'],
  vip: ['#f5c451', '#2a1a00'],
  app: ['#46c6ff', '#062f66'],
  gift: ['#ff5fa2', '#520b35'],
  trophy: ['#ff9a3d', '#571500'],
};

/** Where each design puts its sparkles (x, y, size). */
const SPARKS: Record<PromotionArt, readonly (readonly [number, number, number])[]> = {
  welcome: [[236, 28, 7], [300, 96, 5], [118, 40, 4]],
  reload: [[120, 34, 6], [292, 40, 7], [296, 130, 4]],
  cashback: [[126, 42, 5], [290, 30, 7], [300, 120, 5]],
  wheel: [[120, 30, 6], [298, 42, 5], [292, 138, 6]],
  vip: [[128, 50, 7], [292, 34, 5], [296, 120, 6]],
  app: [[124, 36, 5], [294, 34, 7], [286, 136, 4]],
  gift: [[122, 44, 6], [290, 30, 5], [300, 112, 7]],
  trophy: [[128, 34, 5], [294, 46, 7], [118, 122, 4]],
};

type Paint = { from: string; to: string; id: string };

const GOLD = '#ffd866';
const INK = '#141c36';

const sparkle = (x: number, y: number, s: number, key: number) => (
  <path key={key} d={`M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`} fill="#fff" opacity="0.85" />
);

const coin = (x: number, y: number, r: number, id: string, key?: string | number) => (
  <g key={key} transform={`translate(${x} ${y})`}>
    <circle r={r} fill="#8a5a00" />
    <circle r={r - 1.5} cx="-1" cy="-1" fill={`url(#${id}-gold)`} />
    <circle r={r * 0.62} cx="-1" cy="-1" fill="none" stroke="#fff3c4" strokeWidth="1.6" opacity="0.8" />
  </g>
);

const DRAWINGS: Record<PromotionArt, (p: Paint) => ReactNode> = {
  // A red envelope, its gold seal, coins spilling out.
  welcome: ({ id }) => (
    <g>
      <g transform="translate(212 86) rotate(-10)">
        <rect x="-44" y="-58" width="88" height="116" rx="10" fill="#d7263d" stroke="#ffb3a7" strokeWidth="2" />
        <path d="M-44-40q44 34 88 0v-8q0-10-10-10h-68q-10 0-10 10z" fill="#a3142a" />
        <circle cy="-14" r="17" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="2" />
        <path d="M-7-14h14M0-21v14" stroke="#8a2a00" strokeWidth="3" strokeLinecap="round" />
        <path d="M-30 22h60M-30 34h42" stroke="#ffb3a7" strokeWidth="3" strokeLinecap="round" opacity="0.6" />
      </g>
      {coin(262, 124, 15, id, 'c1')}
      {coin(160, 130, 11, id, 'c2')}
      {coin(276, 70, 10, id, 'c3')}
    </g>
  ),
  // A ring of two arrows around a coin with a bolt: the balance topped up again.
  reload: ({ id, from }) => (
    <g transform="translate(214 84)">
      <path d="M-52 0a52 52 0 0 1 88-37.5" fill="none" stroke="#fff" strokeWidth="10" strokeLinecap="round" />
      <path d="M52 0a52 52 0 0 1-88 37.5" fill="none" stroke="#fff" strokeWidth="10" strokeLinecap="round" />
      <path d="M30-52l12 18-22 2z" fill="#fff" />
      <path d="M-30 52l-12-18 22-2z" fill="#fff" />
      <circle r="33" fill="#8a5a00" />
      <circle r="31" cx="-1" cy="-1" fill={`url(#${id}-gold)`} />
      <path d="M4-20l-16 24h12l-4 18 16-25h-12z" fill={from} stroke="#0b4a4f" strokeWidth="1.5" strokeLinejoin="round" />
    </g>
  ),
  // A wallet with coins curving back into it.
  cashback: ({ id, to }) => (
    <g>
      <path d="M150 70q18-44 64-40" fill="none" stroke="#fff" strokeWidth="5" strokeDasharray="2 10" strokeLinecap="round" opacity="0.9" />
      <path d="M210 22l14 9-15 8z" fill="#fff" />
      {coin(160, 62, 11, id, 'a')}
      {coin(180, 40, 9, id, 'b')}
      <g transform="translate(222 102)">
        <rect x="-58" y="-40" width="116" height="78" rx="14" fill="#e9fff2" />
        <path d="M-58-20h116" stroke={to} strokeWidth="3" opacity="0.35" />
        <rect x="18" y="-12" width="44" height="30" rx="9" fill={to} />
        <circle cx="34" cy="3" r="6" fill={GOLD} />
        <path d="M-40-52h62l10 12h-82z" fill="#b8f5cf" />
      </g>
    </g>
  ),
  // A prize wheel: eight segments, a gold rim with lights, the pointer on top.
  wheel: ({ id }) => (
    <g transform="translate(214 88)">
      <circle r="64" fill={`url(#${id}-gold)`} />
      <circle r="56" fill={INK} />
      {['#ff5f8f', '#ffd25a', '#46c6ff', '#4fe08a', '#ff9a3d', '#a77bff', '#ff6b6b', '#21d4c5'].map((c, i) => (
        <path key={c} d="M0 0L0-54A54 54 0 0 1 38.2-38.2z" fill={c} transform={`rotate(${i * 45 + 10})`} />
      ))}
      {Array.from({ length: 12 }, (_, i) => (
        <circle key={i} cx={60 * Math.sin((i * Math.PI) / 6)} cy={-60 * Math.cos((i * Math.PI) / 6)} r="3" fill="#fff8d6" />
      ))}
      <circle r="14" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="2" />
      <path d="M0-50l-11-26h22z" fill="#fff" stroke={INK} strokeWidth="2" strokeLinejoin="round" />
    </g>
  ),
  // A crown with gems over a diamond.
  vip: ({ id }) => (
    <g transform="translate(214 90)">
      <path d="M-44 58l-16-20h120l-16 20z" fill="#bfe9ff" opacity="0.9" />
      <path d="M-60 38l60 0 60 0-60 34z" fill="#7fd1ff" opacity="0.75" />
      <path d="M-56 26l-8-58 34 28 30-44 30 44 34-28-8 58z" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="2.5" strokeLinejoin="round" />
      <rect x="-56" y="18" width="112" height="14" rx="4" fill="#c98a12" />
      <circle cx="0" cy="-6" r="9" fill="#ff4f7b" stroke="#fff3c4" strokeWidth="2" />
      <circle cx="-32" cy="4" r="6" fill="#46c6ff" stroke="#fff3c4" strokeWidth="2" />
      <circle cx="32" cy="4" r="6" fill="#4fe08a" stroke="#fff3c4" strokeWidth="2" />
      <circle cx="-64" cy="-34" r="5" fill={GOLD} />
      <circle cx="0" cy="-48" r="5" fill={GOLD} />
      <circle cx="64" cy="-34" r="5" fill={GOLD} />
    </g>
  ),
  // A phone with a download arrow and a gift badge.
  app: ({ from, id }) => (
    <g>
      <g transform="translate(206 88) rotate(8)">
        <rect x="-34" y="-64" width="68" height="128" rx="13" fill={INK} stroke="#e8eeff" strokeWidth="3" />
        <rect x="-28" y="-54" width="56" height="104" rx="7" fill={`url(#${id}-screen)`} />
        <rect x="-10" y="-60" width="20" height="3.5" rx="1.75" fill="#e8eeff" opacity="0.7" />
        <path d="M0-30v40M-15-5L0 10 15-5" fill="none" stroke={INK} strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="-18" y="22" width="36" height="7" rx="3.5" fill={INK} opacity="0.8" />
      </g>
      <g transform="translate(262 52)">
        <circle r="22" fill="#ff5f8f" stroke="#fff" strokeWidth="3" />
        <rect x="-10" y="-4" width="20" height="14" rx="2" fill="#fff" />
        <rect x="-12" y="-9" width="24" height="6" rx="2" fill="#fff" />
        <path d="M0-9v19" stroke="#ff5f8f" strokeWidth="3" />
      </g>
      <circle cx="150" cy="120" r="7" fill={from} opacity="0.8" />
    </g>
  ),
  // A gift box with its bow, and confetti.
  gift: ({ to, from }) => (
    <g>
      {[
        [142, 52, -20, '#ffd25a'],
        [288, 70, 30, '#46c6ff'],
        [156, 118, 15, '#4fe08a'],
        [296, 132, -35, '#fff'],
      ].map(([x, y, r, c]) => (
        <rect key={`${x}`} x={x as number} y={y as number} width="12" height="5" rx="2" fill={c as string} transform={`rotate(${r} ${x} ${y})`} />
      ))}
      <g transform="translate(216 98)">
        <rect x="-50" y="-22" width="100" height="66" rx="7" fill="#fff" />
        <rect x="-57" y="-42" width="114" height="24" rx="6" fill="#ffe3f0" />
        <rect x="-50" y="-18" width="100" height="7" fill={from} opacity="0.25" />
        <rect x="-11" y="-42" width="22" height="86" fill={to} />
        <path d="M0-42C-12-70-44-68-36-52-31-42-12-42 0-42zM0-42C12-70 44-68 36-52 31-42 12-42 0-42z" fill={to} />
        <circle cy="-42" r="8" fill={from} />
      </g>
    </g>
  ),
  // A trophy with a laurel and stars.
  trophy: ({ id }) => (
    <g transform="translate(214 86)">
      <path d="M-62 10q4 40 44 52M62 10q-4 40-44 52" fill="none" stroke="#9be15d" strokeWidth="5" strokeLinecap="round" />
      {[-1, 1].flatMap((side) =>
        [0, 1, 2].map((i) => (
          <ellipse key={`${side}${i}`} cx={side * (56 - i * 10)} cy={22 + i * 14} rx="8" ry="4" fill="#9be15d" transform={`rotate(${side * (50 - i * 15)} ${side * (56 - i * 10)} ${22 + i * 14})`} />
        )),
      )}
      <path d="M-40-50h80v24a40 40 0 0 1-80 0z" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="2.5" />
      <path d="M-40-40h-18c0 22 10 32 26 34M40-40h18c0 22-10 32-26 34" fill="none" stroke={`url(#${id}-gold)`} strokeWidth="7" strokeLinecap="round" />
      <rect x="-8" y="12" width="16" height="20" fill="#c98a12" />
      <rect x="-28" y="32" width="56" height="14" rx="4" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="2" />
      <path d="M0-42l6 12 13 2-9.5 9 2.3 13L0-12.2-11.8-6l2.3-13-9.5-9 13-2z" fill="#fff3c4" />
    </g>
  ),
};

/** The artwork of one promotion, filling its box (2 : 1, cropped to fit). */
export const PromoArt = ({ art, className }: { art: PromotionArt; className?: string }) => {
  const id = useSvgId('pr');
  const [from, to] = COLOURS[art] ?? COLOURS.gift;
  const draw = DRAWINGS[art] ?? DRAWINGS.gift;
  return (
    <svg viewBox="0 0 320 160" className={className} preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff" stopOpacity="0.42" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe28f" />
          <stop offset="0.55" stopColor="#f2b537" />
          <stop offset="1" stopColor="#c98a12" />
        </linearGradient>
        <linearGradient id={`${id}-screen`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor={from} />
        </linearGradient>
      </defs>
      <rect width="320" height="160" fill={`url(#${id}-bg)`} />
      {/* A sunburst behind the drawing, and soft rings in the left corner where a title may sit. */}
      <g transform="translate(214 84)" opacity="0.13">
        {Array.from({ length: 12 }, (_, i) => (
          <path key={i} d="M0 0L-14-190h28z" fill="#fff" transform={`rotate(${i * 30})`} />
        ))}
      </g>
      <g fill="none" stroke="#fff" strokeOpacity="0.1" strokeWidth="2">
        <circle cx="20" cy="150" r="40" />
        <circle cx="20" cy="150" r="66" />
        <circle cx="20" cy="150" r="92" />
      </g>
      <ellipse cx="214" cy="84" rx="96" ry="72" fill={`url(#${id}-glow)`} />
      <ellipse cx="214" cy="150" rx="70" ry="7" fill="#000" opacity="0.25" />
      {draw({ from, to, id })}
      {SPARKS[art]?.map(([x, y, s], i) => sparkle(x, y, s, i))}
    </svg>
  );
};
