import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icons/icons';
import './member.css';

type Props = {
  title: ReactNode;
  icon?: IconName;
  /** Right side of the header: a filter, a button. */
  actions?: ReactNode;
  /** Shown beside the title (a status, a count). */
  aside?: ReactNode;
  description?: ReactNode;
  id?: string;
  className?: string;
  children: ReactNode;
};

/** One card of a member-area page (member center, points mall), with its own heading. */
export const Panel = ({ title, icon, actions, aside, description, id, className, children }: Props) => (
  <section id={id} className={`mc-panel${className ? ` ${className}` : ''}`} aria-labelledby={id ? `${id}-title` : undefined}>
    <header className="mc-panel__head">
      <div className="mc-panel__heading">
        {icon && (
          <span className="mc-panel__icon" aria-hidden="true">
            <Icon name={icon} size={18} />
          </span>
        )}
        <h2 id={id ? `${id}-title` : undefined} className="mc-panel__title">
          {title}
        </h2>
        {aside}
      </div>
      {actions && <div className="mc-panel__actions">{actions}</div>}
    </header>
    {description && <p className="mc-panel__desc">{description}</p>}
    <div className="mc-panel__body">{children}</div>
  </section>
);
