import { createHash } from 'node:crypto';

const PALETTE = ['#e0a526', '#3fb58a', '#4c8dff', '#c2569b', '#e4683f', '#7d6bff', '#2fb7c8', '#d64550'];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A generated avatar: initials on a colour picked from the name, as an SVG data URL. */
export const memberIcon = (name: string) => {
  const digest = createHash('sha256').update(name).digest();
  const color = PALETTE[digest[0] % PALETTE.length];
  const initials = [...name.replace(/[^\p{L}\p{N}]/gu, '')].slice(0, 2).join('').toUpperCase() || '?';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#141c30"/></linearGradient></defs><circle cx="48" cy="48" r="46" fill="url(#g)" stroke="#f3c74d" stroke-width="3"/><text x="48" y="60" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
  return { iconUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, initials, color };
};
