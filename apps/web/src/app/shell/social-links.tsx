import type { ReactNode } from 'react';
import type { SiteConfigValue } from '@apsara/contracts';
import { Icon } from '../../components/ui/icons/icons';
import './social-links.css';

type Glyph = { colour: string; name: string; draw: ReactNode };

/** Simple white glyphs on each network's signature colour (drawn here, not brand assets). */
const GLYPHS: Record<string, Glyph> = {
  FACEBOOK: { colour: '#1877f2', name: 'Facebook', draw: <path d="M13.2 20v-7h2.4l.4-2.8h-2.8V8.4c0-.8.3-1.4 1.4-1.4H16V4.5c-.3 0-1.2-.1-2.2-.1-2.2 0-3.6 1.3-3.6 3.7v2.1H7.8V13h2.4v7z" fill="#fff" /> },
  TELEGRAM: { colour: '#229ed9', name: 'Telegram', draw: <path d="M4.5 11.6 18.4 6.2c.7-.2 1.2.2 1 1.1l-2.4 11.2c-.2.8-.7 1-1.3.6l-3.6-2.7-1.8 1.7c-.2.2-.4.3-.7.3l.3-3.7 6.7-6c.3-.3-.1-.4-.4-.2L8 13.7l-3.5-1.1c-.8-.2-.8-.7 0-1z" fill="#fff" /> },
  YOUTUBE: {
    colour: '#ff0033',
    name: 'YouTube',
    draw: (
      <>
        <rect x="4" y="7" width="16" height="10.5" rx="3" fill="#fff" />
        <path d="m10.5 9.6 4.2 2.6-4.2 2.6z" fill="#ff0033" />
      </>
    ),
  },
  INSTAGRAM: {
    colour: '#d62976',
    name: 'Instagram',
    draw: (
      <g fill="none" stroke="#fff" strokeWidth="1.8">
        <rect x="5" y="5" width="14" height="14" rx="4" />
        <circle cx="12" cy="12" r="3.3" />
        <circle cx="16.3" cy="7.7" r=".6" fill="#fff" />
      </g>
    ),
  },
  TIKTOK: { colour: '#111111', name: 'TikTok', draw: <path d="M14.5 4.5c.3 2 1.6 3.4 3.6 3.6v2.5c-1.3 0-2.5-.4-3.6-1.1v5.1a4.6 4.6 0 1 1-4.6-4.6h.5v2.6a2 2 0 1 0 1.5 2V4.5z" fill="#fff" /> },
  TWITTER: { colour: '#14171a', name: 'X', draw: <path d="M6 5.5h3.2l3.2 4.4 3.7-4.4h1.6l-4.6 5.4 5.4 7.6h-3.2L11.8 14l-4 4.5H6.2l5-5.8z" fill="#fff" /> },
  WHATSAPP: {
    colour: '#25d366',
    name: 'WhatsApp',
    draw: (
      <>
        <path d="M12 4.5a7.5 7.5 0 0 0-6.5 11.2L4.5 19.5l3.9-1a7.5 7.5 0 1 0 3.6-14z" fill="none" stroke="#fff" strokeWidth="1.8" />
        <path d="M9.3 8.6c.2-.4.5-.4.7-.4h.5c.2 0 .4.1.5.4l.6 1.4c.1.2 0 .4-.1.6l-.5.6c.6 1.1 1.5 2 2.6 2.6l.6-.5c.2-.2.4-.2.6-.1l1.4.6c.3.1.4.3.4.5v.5c0 .3-.1.6-.5.8-.5.3-1.1.4-1.7.2a8.4 8.4 0 0 1-5.4-5.4c-.2-.6-.1-1.2.2-1.7z" fill="#fff" />
      </>
    ),
  },
  LINE: { colour: '#06c755', name: 'LINE', draw: <text x="12" y="15.2" textAnchor="middle" fontSize="7.5" fontWeight="900" fontFamily="Arial, sans-serif" fill="#fff">LINE</text> },
  ZALO: { colour: '#0068ff', name: 'Zalo', draw: <text x="12" y="15.2" textAnchor="middle" fontSize="7.5" fontWeight="900" fontFamily="Arial, sans-serif" fill="#fff">Zalo</text> },
};

/** Resources that are app downloads, not social networks: they live in the download section. */
const APP_TYPES = new Set(['ANDROID', 'IOS']);

export const socialResources = (config: SiteConfigValue | undefined) =>
  (config?.resources ?? []).filter((r) => !APP_TYPES.has(r.resourceType.toUpperCase()));

export const SocialIcon = ({ type, size = 36 }: { type: string; size?: number }) => {
  const glyph = GLYPHS[type.toUpperCase()];
  if (!glyph) {
    return (
      <span className="social-icon social-icon--generic" style={{ width: size, height: size }}>
        <Icon name="globe" size={size * 0.55} />
      </span>
    );
  }
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="social-icon">
      <circle cx="12" cy="12" r="12" fill={glyph.colour} />
      {glyph.draw}
    </svg>
  );
};

export const socialName = (type: string) => GLYPHS[type.toUpperCase()]?.name ?? type.charAt(0) + type.slice(1).toLowerCase();

/** A row of social links; each has the network's name as its accessible name. */
export const SocialLinks = ({ config, label }: { config: SiteConfigValue | undefined; label: string }) => {
  const items = socialResources(config);
  if (!items.length) return null;
  return (
    <ul className="social-links" aria-label={label}>
      {items.map((r) => (
        <li key={`${r.resourceType}-${r.url}`}>
          <a href={r.url} target="_blank" rel="noopener noreferrer" aria-label={socialName(r.resourceType)} title={socialName(r.resourceType)} className="social-links__link">
            <SocialIcon type={r.resourceType} />
          </a>
        </li>
      ))}
    </ul>
  );
};
