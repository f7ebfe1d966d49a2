import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';

type Props = {
  /** Makes the panel a region named by its heading. */
  id: string;
  title: ReactNode;
  icon?: IconName;
  /** Beside the heading: a count, a note. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** One card of an agent-center page, with its own heading. */
export const AgPanel = ({ id, title, icon, aside, className, children }: Props) => (
  <section id={id} className={`ag-panel${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`}>
    <header className="ag-panel__head">
      {icon && (
        <span className="ag-panel__icon" aria-hidden="true">
          <Icon name={icon} size={18} />
        </span>
      )}
      <h2 id={`${id}-title`} className="ag-panel__title">
        {title}
      </h2>
      {aside && <div className="ag-panel__aside">{aside}</div>}
    </header>
    {children}
  </section>
);
