import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LinkTarget } from '../logic/links';

type Props = {
  target: LinkTarget | null;
  className: string;
  /** The link's accessible name (a banner's title); otherwise its content names it. */
  label?: string;
  /** Runs when the link is followed: the popup it sits in closes. */
  onFollow?: () => void;
  children: ReactNode;
};

/**
 * A banner or notice's target (spec §2 "Clicking a banner opens its linked target"): a route of the
 * portal in this tab, an outside page in a new one (and its name says so); without a target the
 * content stands alone.
 */
export const AnnouncementLink = ({ target, className, label, onFollow, children }: Props) => {
  const { t } = useTranslation('announcements');
  if (!target) return <div className={className}>{children}</div>;
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className} aria-label={label} onClick={onFollow}>
        {children}
      </Link>
    );
  }
  return (
    <a href={target.href} className={className} aria-label={label ? `${label} (${t('link.new_tab')})` : undefined} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
      {children}
      {!label && <span className="visually-hidden"> ({t('link.new_tab')})</span>}
    </a>
  );
};
