import { createHash } from 'node:crypto';
import type { GameCategoryCode } from '@apsara/contracts';
import { hash32, prng } from './catalog-data.js';

/**
 * Artwork drawn by the server, never fetched from anywhere: one SVG per game, vendor and category, a pure
 * function of its inputs (so an ETag of the bytes is stable across nodes and restarts). Colours come from
 * the vendor (hue) and the category (accent and motif); text is Latin only (the English name and the
 * vendor code), so it renders with any system font.
 */

const FONT = `'Trebuchet MS','DejaVu Sans',Verdana,Arial,sans-serif`;

/** Accent hue per category: gold for slots, red for live tables, sea blue for fishing, … */
const ACCENT: Record<GameCategoryCode, number> = {
  RNG: 45, LIVE: 350, FISH: 190, SPORTS: 120, ESPORTS: 280, PVP: 210, LOTT: 30, ELOTT: 200, COCKFIGHT: 15, BINGO: 320, MINI: 160, INHOUSE: 43,
};

export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
const hsl = (h: number, s: number, l: number) => `hsl(${((Math.round(h) % 360) + 360) % 360} ${s}% ${l}%)`;
const n = (v: number) => Math.round(v * 10) / 10;
const HEART = 'M0 12 C-16 0 -18 -10 -10 -14 C-5 -16 -1 -13 0 -9 C1 -13 5 -16 10 -14 C18 -10 16 0 0 12 Z';
const SPADE = 'M0 -14 C-16 -2 -18 8 -10 12 C-5 14 -2 11 -1 8 L-4 16 L4 16 L1 8 C2 11 5 14 10 12 C18 8 16 -2 0 -14 Z';

/** A motif per category, drawn around (0,0) within about ±64 units. */
const motif = (category: GameCategoryCode, seed: number, accent: string, dark: string): string => {
  const r = prng(seed);
  switch (category) {
    case 'RNG': {
      const symbols = [
        `<text x="0" y="15" font-size="40" font-weight="900" text-anchor="middle" fill="#d42b3a" font-family="${FONT}">7</text>`,
        `<g fill="#d42b3a"><circle cx="-6" cy="10" r="8"/><circle cx="7" cy="6" r="8"/></g><path d="M-6 2 Q0 -16 10 -16 M7 -2 Q6 -10 10 -16" stroke="#2f8f3a" stroke-width="3" fill="none"/>`,
        `<polygon points="0,-17 5,-5 18,-5 8,3 12,16 0,8 -12,16 -8,3 -18,-5 -5,-5" fill="#f2b705" stroke="#a86a00" stroke-width="1.5"/>`,
        `<path d="M-12 10 Q-12 -14 0 -16 Q12 -14 12 10 Z" fill="#f2b705" stroke="#a86a00" stroke-width="1.5"/><circle cx="0" cy="13" r="4" fill="#a86a00"/>`,
      ];
      const reel = (i: number) => {
        const x = -57 + i * 38;
        return `<rect x="${x}" y="-32" width="32" height="64" rx="6" fill="#fffaf0"/><g transform="translate(${x + 16} 0)">${symbols[Math.floor(r() * symbols.length)]}</g>`;
      };
      const variant = seed % 3;
      if (variant === 1) {
        // A crown with jewels.
        return `<path d="M-60 34 L-66 -30 L-30 0 L0 -48 L30 0 L66 -30 L60 34 Z" fill="${accent}" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>
        <rect x="-62" y="30" width="124" height="18" rx="5" fill="${accent}" stroke="#fff" stroke-width="3"/>
        <circle cx="0" cy="10" r="10" fill="#d42b3a" stroke="#fff" stroke-width="2"/><circle cx="-34" cy="18" r="7" fill="#3ddc97" stroke="#fff" stroke-width="2"/><circle cx="34" cy="18" r="7" fill="#4da3ff" stroke="#fff" stroke-width="2"/>
        <circle cx="-66" cy="-34" r="6" fill="#fff"/><circle cx="0" cy="-52" r="6" fill="#fff"/><circle cx="66" cy="-34" r="6" fill="#fff"/>`;
      }
      if (variant === 2) {
        // Stacks of gold coins and one on its edge.
        const coin = (x: number, y: number) => `<ellipse cx="${x}" cy="${y}" rx="26" ry="9" fill="#f2b705" stroke="#a86a00" stroke-width="2"/>`;
        let stack = '';
        for (let i = 0; i < 4; i++) stack += coin(-30, 44 - i * 11);
        for (let i = 0; i < 6; i++) stack += coin(22, 44 - i * 11);
        return `${stack}<g transform="translate(34 -36)"><circle r="28" fill="#f2b705" stroke="#a86a00" stroke-width="3"/><circle r="20" fill="none" stroke="#a86a00" stroke-width="2"/>
          <text y="9" font-size="26" font-weight="900" text-anchor="middle" fill="#a86a00" font-family="${FONT}">$</text></g>`;
      }
      return `<rect x="-66" y="-44" width="132" height="88" rx="14" fill="${dark}" stroke="${accent}" stroke-width="5"/>${reel(0)}${reel(1)}${reel(2)}
        <path d="M70 10 L78 10 L78 -38" stroke="${accent}" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="78" cy="-44" r="8" fill="#d42b3a" stroke="${accent}" stroke-width="3"/>`;
    }
    case 'LIVE':
      return `<g transform="rotate(-14)"><rect x="-50" y="-42" width="56" height="80" rx="7" fill="#fffaf0" stroke="${dark}" stroke-width="2"/><path transform="translate(-22 -2) scale(1.3)" d="${HEART}" fill="#d42b3a"/></g>
        <g transform="rotate(12)"><rect x="-8" y="-46" width="56" height="80" rx="7" fill="#fffaf0" stroke="${dark}" stroke-width="2"/><path transform="translate(20 -6) scale(1.3)" d="${SPADE}" fill="#1b1b2a"/></g>
        <g transform="translate(38 36)"><circle r="24" fill="${accent}" stroke="#fff" stroke-width="5" stroke-dasharray="9 7"/><circle r="13" fill="none" stroke="#fff" stroke-width="2"/></g>`;
    case 'FISH':
      return `<g transform="rotate(${n(r() * 16 - 8)})"><path d="M-48 0 Q-10 -40 34 0 Q-10 40 -48 0 Z" fill="${accent}" stroke="#fff" stroke-width="3"/>
        <path d="M30 0 L62 -24 L56 0 L62 24 Z" fill="${accent}" stroke="#fff" stroke-width="3"/><circle cx="-26" cy="-6" r="6" fill="#fff"/><circle cx="-25" cy="-6" r="3" fill="${dark}"/>
        <path d="M-6 -18 Q4 0 -6 18 M6 -14 Q14 0 6 14" stroke="#fff" stroke-width="2.5" fill="none" opacity=".7"/></g>
        <g fill="none" stroke="#fff" stroke-width="2" opacity=".8"><circle cx="-56" cy="-38" r="7"/><circle cx="-44" cy="-56" r="4"/><circle cx="-62" cy="-60" r="3"/></g>`;
    case 'PVP':
      return `<rect x="-44" y="-56" width="88" height="112" rx="10" fill="#fffaf0" stroke="${accent}" stroke-width="4"/>
        <path d="M0 -36 C-22 -12 -36 0 -26 16 C-18 28 -6 22 -2 16 L-8 36 L8 36 L2 16 C6 22 18 28 26 16 C36 0 22 -12 0 -36 Z" fill="#1b1b2a"/>
        <text x="-30" y="-36" font-size="18" font-weight="700" fill="#1b1b2a" font-family="${FONT}">A</text>`;
    case 'SPORTS':
      return `<circle r="52" fill="#fff" stroke="${dark}" stroke-width="3"/><polygon points="0,-16 15,-5 9,13 -9,13 -15,-5" fill="${dark}"/>
        <g fill="${dark}"><polygon points="0,-52 14,-44 8,-32 -8,-32 -14,-44"/><polygon points="49,-16 46,2 33,4 28,-10 38,-24"/><polygon points="30,42 14,50 8,36 18,26 32,28"/><polygon points="-30,42 -32,28 -18,26 -8,36 -14,50"/><polygon points="-49,-16 -38,-24 -28,-10 -33,4 -46,2"/></g>
        <g stroke="${dark}" stroke-width="2.5"><line x1="0" y1="-16" x2="0" y2="-32"/><line x1="15" y1="-5" x2="28" y2="-10"/><line x1="9" y1="13" x2="18" y2="26"/><line x1="-9" y1="13" x2="-18" y2="26"/><line x1="-15" y1="-5" x2="-28" y2="-10"/></g>`;
    case 'ESPORTS':
      return `<path d="M-40 -28 L40 -28 Q66 -28 70 6 Q74 40 52 40 Q40 40 30 22 L-30 22 Q-40 40 -52 40 Q-74 40 -70 6 Q-66 -28 -40 -28 Z" fill="${dark}" stroke="${accent}" stroke-width="5"/>
        <g fill="#fff"><rect x="-48" y="-6" width="30" height="10" rx="2"/><rect x="-38" y="-16" width="10" height="30" rx="2"/></g>
        <circle cx="30" cy="-10" r="7" fill="#3ddc97"/><circle cx="44" cy="2" r="7" fill="#ff5a5f"/><circle cx="16" cy="2" r="7" fill="#4da3ff"/><circle cx="30" cy="14" r="7" fill="#ffd23f"/>`;
    case 'LOTT':
    case 'ELOTT': {
      const ball = (x: number, y: number, rad: number, hue: number, num: number) =>
        `<g transform="translate(${x} ${y})"><circle r="${rad}" fill="${hsl(hue, 80, 52)}" stroke="#fff" stroke-width="3"/><circle r="${rad * 0.55}" fill="#fff"/>
         <text y="${n(rad * 0.22)}" font-size="${n(rad * 0.62)}" font-weight="800" text-anchor="middle" fill="#1b1b2a" font-family="${FONT}">${num}</text></g>`;
      const nums = [1 + Math.floor(r() * 49), 1 + Math.floor(r() * 49), 1 + Math.floor(r() * 49)];
      if (category === 'LOTT') return ball(-38, 16, 30, 0, nums[0]) + ball(38, 16, 30, 210, nums[1]) + ball(0, -22, 34, 45, nums[2]);
      return `${ball(-10, 6, 44, 200, nums[0])}<polygon points="40,-56 14,-6 34,-6 20,44 62,-18 40,-18 56,-56" fill="#ffd23f" stroke="#a86a00" stroke-width="2.5"/>`;
    }
    case 'COCKFIGHT':
      return `<g stroke="#fff" stroke-width="3"><path d="M10 -4 Q52 -60 64 -10 Q58 -30 40 -26 Q62 -4 44 18 Q44 -4 26 -6 Z" fill="${accent}"/>
        <ellipse cx="-4" cy="10" rx="38" ry="30" fill="${dark}"/><circle cx="-36" cy="-28" r="16" fill="${dark}"/></g>
        <g fill="#e8363f"><circle cx="-44" cy="-46" r="6"/><circle cx="-35" cy="-49" r="6"/><circle cx="-26" cy="-45" r="6"/><path d="M-40 -18 Q-34 -6 -30 -16 Z"/></g>
        <polygon points="-52,-30 -66,-24 -52,-22" fill="#ffd23f"/><circle cx="-40" cy="-30" r="3" fill="#fff"/>
        <g stroke="#ffd23f" stroke-width="4" stroke-linecap="round"><line x1="-14" y1="38" x2="-20" y2="58"/><line x1="8" y1="38" x2="12" y2="58"/></g>`;
    case 'BINGO': {
      let cells = '';
      for (let i = 0; i < 25; i++) {
        const x = -50 + (i % 5) * 20;
        const y = -40 + Math.floor(i / 5) * 20;
        cells += `<rect x="${x}" y="${y}" width="18" height="18" rx="3" fill="#fffaf0"/>`;
        if (i === 12 || r() < 0.3) cells += `<circle cx="${x + 9}" cy="${y + 9}" r="7" fill="${accent}"/>`;
      }
      return `<rect x="-58" y="-66" width="116" height="118" rx="10" fill="${dark}" stroke="${accent}" stroke-width="4"/>
        <text x="0" y="-48" font-size="16" font-weight="800" text-anchor="middle" fill="#fff" font-family="${FONT}" letter-spacing="6">BINGO</text>${cells}`;
    }
    case 'MINI':
      return `<polygon points="-50,-18 -26,-46 26,-46 50,-18 0,52" fill="${accent}" stroke="#fff" stroke-width="3"/>
        <g fill="#fff" opacity=".35"><polygon points="-50,-18 -26,-46 -12,-18"/><polygon points="12,-18 26,-46 50,-18"/><polygon points="-12,-18 0,52 12,-18"/></g>
        <polyline points="-50,-18 50,-18" stroke="#fff" stroke-width="2.5"/><polyline points="-26,-46 -12,-18 0,52 12,-18 26,-46" stroke="#fff" stroke-width="2" fill="none"/>`;
    case 'INHOUSE':
      return `<g fill="${accent}" stroke="#fff" stroke-width="2.5">
        <polygon points="-60,40 -60,18 -48,18 -48,4 -40,-6 -32,4 -32,18 -20,18 -20,40"/>
        <polygon points="60,40 60,18 48,18 48,4 40,-6 32,4 32,18 20,18 20,40"/>
        <polygon points="-24,40 -24,8 -16,8 -16,-12 -10,-12 -10,-30 -4,-30 0,-52 4,-30 10,-30 10,-12 16,-12 16,8 24,8 24,40"/>
        <rect x="-70" y="40" width="140" height="10" rx="2"/></g>
        <g fill="#ff8fb1" stroke="#fff" stroke-width="2"><path d="M0 62 Q-14 52 0 40 Q14 52 0 62 Z"/><path d="M0 62 Q-28 58 -20 44 Q-6 48 0 62 Z"/><path d="M0 62 Q28 58 20 44 Q6 48 0 62 Z"/></g>`;
  }
};

/** Splits a title into at most two lines of about `width` characters; the rest ends in an ellipsis. */
export const wrapTitle = (title: string, width = 15): string[] => {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (!line) line = w;
    else if (`${line} ${w}`.length <= width) line = `${line} ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines.map((l) => (l.length > width + 3 ? `${l.slice(0, width + 2)}…` : l));
  const second = lines.slice(1).join(' ');
  return [lines[0], second.length > width ? `${second.slice(0, width - 1)}…` : second];
};

const rays = (cx: number, cy: number, count: number, len: number, fill: string, opacity: number) => {
  let d = '';
  for (let i = 0; i < count; i++) {
    const a0 = (i / count) * Math.PI * 2;
    const a1 = a0 + Math.PI / count;
    d += `M${cx} ${cy} L${n(cx + Math.cos(a0) * len)} ${n(cy + Math.sin(a0) * len)} L${n(cx + Math.cos(a1) * len)} ${n(cy + Math.sin(a1) * len)} Z `;
  }
  return `<path d="${d.trim()}" fill="${fill}" opacity="${opacity}"/>`;
};

/** Up to two initials of a title: "Royal Pearl" → "RP". */
export const initials = (title: string) =>
  title
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w && !['of', 'the', 'and'].includes(w.toLowerCase()))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');

/** The background pattern behind the motif: sun rays, rings or stripes. */
const backdrop = (seed: number) => {
  switch ((seed >>> 3) % 3) {
    case 0:
      return rays(150, 118, 14, 230, '#fff', 0.06);
    case 1: {
      let rings = '';
      for (let i = 1; i <= 6; i++) rings += `<circle cx="150" cy="118" r="${i * 34}"/>`;
      return `<g fill="none" stroke="#fff" stroke-width="10" opacity=".05">${rings}</g>`;
    }
    default: {
      let stripes = '';
      for (let i = -6; i < 10; i++) stripes += `<rect x="${i * 40}" y="-60" width="16" height="420" transform="rotate(30 150 150)"/>`;
      return `<g fill="#fff" opacity=".05">${stripes}</g>`;
    }
  }
};

export type GameArtInput = { vendor: string; gameCode: string; category: GameCategoryCode; title: string };

/** A game's card art, 300×300. */
export const gameArt = ({ vendor, gameCode, category, title }: GameArtInput): string => {
  const seed = hash32(`${vendor}/${gameCode}`);
  const r = prng(seed);
  const hue = (hash32(vendor) % 360) + (seed % 80) - 40;
  const accent = hsl(ACCENT[category], 90, 58);
  const dark = hsl(hue + 30, 55, 12);
  let deco = '';
  for (let i = 0; i < 7; i++) {
    const x = n(r() * 300);
    const y = n(r() * 220);
    const size = n(6 + r() * 22);
    deco += r() < 0.5 ? `<circle cx="${x}" cy="${y}" r="${size}"/>` : `<rect x="${x}" y="${y}" width="${size}" height="${size}" transform="rotate(45 ${x} ${y})"/>`;
  }
  const lines = wrapTitle(title);
  const size = lines.length === 1 && lines[0].length <= 11 ? 30 : 24;
  const text = lines
    .map((l, i) => `<text x="150" y="${lines.length === 1 ? 262 : 246 + i * 28}" font-size="${size}">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 68, 44)}"/><stop offset="1" stop-color="${hsl(hue + 40, 62, 16)}"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".4" r=".55"><stop offset="0" stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
<linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset=".45" stop-color="#000" stop-opacity=".55"/><stop offset="1" stop-color="#000" stop-opacity=".8"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#bg)"/>
${backdrop(seed)}
<text x="150" y="190" font-family="${FONT}" font-size="170" font-weight="900" text-anchor="middle" fill="#fff" opacity=".08">${escapeXml(initials(title))}</text>
<g fill="#fff" opacity=".09">${deco}</g>
<rect width="300" height="300" fill="url(#glow)"/>
<g transform="translate(150 118) scale(1.15)">${motif(category, seed, accent, dark)}</g>
<rect y="200" width="300" height="100" fill="url(#band)"/>
<g font-family="${FONT}" font-weight="800" text-anchor="middle" fill="#fff" stroke="#000" stroke-opacity=".45" stroke-width="3" paint-order="stroke">${text}</g>
<g font-family="${FONT}"><rect x="12" y="12" rx="9" width="${18 + vendor.length * 11}" height="24" fill="#000" fill-opacity=".45" stroke="${accent}" stroke-width="1.5"/>
<text x="${20}" y="29" font-size="14" font-weight="700" fill="#fff" letter-spacing="1">${escapeXml(vendor)}</text></g>
<rect x="1.5" y="1.5" width="297" height="297" rx="18" fill="none" stroke="${accent}" stroke-opacity=".5" stroke-width="3"/>
</svg>`;
};

/** A vendor's logo tile, 240×120: its code large, its name small, in the vendor's colour. */
export const vendorArt = (vendor: { code: string; name: string }, category: GameCategoryCode = 'RNG'): string => {
  const hue = hash32(vendor.code) % 360;
  const size = vendor.code.length <= 3 ? 52 : vendor.code.length <= 5 ? 40 : vendor.code.length <= 7 ? 30 : 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" height="120" role="img" aria-label="${escapeXml(vendor.name)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 62, 40)}"/><stop offset="1" stop-color="${hsl(hue + 40, 60, 14)}"/></linearGradient></defs>
<rect width="240" height="120" rx="16" fill="url(#bg)"/>
${rays(200, 20, 10, 140, '#fff', 0.07)}
<g font-family="${FONT}" text-anchor="middle" fill="#fff">
<text x="120" y="${size > 40 ? 72 : 66}" font-size="${size}" font-weight="900" letter-spacing="2" stroke="#000" stroke-opacity=".3" stroke-width="3" paint-order="stroke">${escapeXml(vendor.code)}</text>
<text x="120" y="100" font-size="14" font-weight="600" fill-opacity=".85">${escapeXml(vendor.name)}</text></g>
<rect x="1.5" y="1.5" width="237" height="117" rx="15" fill="none" stroke="${hsl(ACCENT[category], 90, 58)}" stroke-opacity=".6" stroke-width="3"/>
</svg>`;
};

/** A category's menu icon, 120×120: its motif on its accent colour. */
export const categoryArt = (category: GameCategoryCode): string => {
  const accent = hsl(ACCENT[category], 90, 58);
  const dark = hsl(ACCENT[category] + 200, 45, 14);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${category}">
<defs><radialGradient id="bg" cx=".5" cy=".4" r=".7"><stop offset="0" stop-color="${hsl(ACCENT[category], 70, 34)}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>
<rect width="120" height="120" rx="24" fill="url(#bg)"/>
<g transform="translate(60 60) scale(.62)">${motif(category, hash32(category), accent, dark)}</g>
</svg>`;
};

/** A strong validator of the bytes: equal art, equal tag, on every node. */
export const etagOf = (svg: string) => `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
