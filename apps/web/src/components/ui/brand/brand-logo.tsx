import { useSvgId } from '../art/use-svg-id';
import './brand-logo.css';

type Props = {
  /** The merchant's brand name; Apsara when the site config is not known yet. */
  name?: string;
  compact?: boolean;
};

/** The brand mark (a stylised lotus crown) with the merchant's wordmark beside it. */
export const BrandLogo = ({ name = 'Apsara', compact = false }: Props) => {
  const id = useSvgId('b');
  return (
    <span className="brand-logo">
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" className="brand-logo__mark">
        <defs>
          <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffe08a" />
            <stop offset=".55" stopColor="#f0b232" />
            <stop offset="1" stopColor="#b87a0c" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill="#121b36" />
        <path d="M32 9c4 9 11 14 20 16-4 10-11 17-20 22-9-5-16-12-20-22 9-2 16-7 20-16z" fill={`url(#${id})`} />
        <path d="M32 22c2 4 5 7 9 8-2 5-5 8-9 10-4-2-7-5-9-10 4-1 7-4 9-8z" fill="#121b36" />
        <rect x="18" y="50" width="28" height="4" rx="2" fill={`url(#${id})`} />
      </svg>
      {!compact && <span className="brand-logo__word">{name}</span>}
    </span>
  );
};
