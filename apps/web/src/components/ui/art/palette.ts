/** Deterministic artwork choices: the same name always gets the same colours and motif. */

export const hashString = (text: string): number => {
  // FNV-1a, 32 bit: tiny, stable and well spread for short codes like "AG" or "BBIN".
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

/** Curated two-stop gradients that read well on the dark theme (never grey). */
export const GRADIENTS: readonly (readonly [string, string])[] = [
  ['#ff9a3d', '#e8430f'],
  ['#5b8cff', '#2a3fd1'],
  ['#21d4c5', '#0c7f9a'],
  ['#ff5fa2', '#b3207a'],
  ['#a77bff', '#5a2fd6'],
  ['#4fe08a', '#138a5a'],
  ['#ffd25a', '#d4860a'],
  ['#ff6b6b', '#b81d3a'],
  ['#46c6ff', '#1462c9'],
  ['#f48cff', '#8a2fc2'],
  ['#9be15d', '#3e9c2f'],
  ['#ffb36b', '#c2410c'],
];

export const gradientFor = (name: string) => GRADIENTS[hashString(name) % GRADIENTS.length];

export const MOTIFS = ['rings', 'diamond', 'chevrons', 'burst'] as const;
export type Motif = (typeof MOTIFS)[number];
export const motifFor = (name: string): Motif => MOTIFS[(hashString(name) >>> 4) % MOTIFS.length];
