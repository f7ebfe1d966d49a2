import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/icons';
import { pageWindow } from './page-window';
import './pager.css';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Deposits pages". */
  label: string;
  disabled?: boolean;
};

/** Previous / numbered pages / next, with gaps for long lists. Renders nothing for a single page. */
export const Pager = ({ page, pageSize, total, onChange, label, disabled }: Props) => {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager__btn" onClick={() => onChange(page - 1)} disabled={disabled || page <= 1} aria-label={t('pager.previous')}>
        <Icon name="chevronLeft" size={16} />
      </button>
      <ul className="pager__list">
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`pager__btn${p === page ? ' is-current' : ''}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: p })}
                disabled={disabled}
                onClick={() => p !== page && onChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="pager__btn" onClick={() => onChange(page + 1)} disabled={disabled || page >= pages} aria-label={t('pager.next')}>
        <Icon name="chevronRight" size={16} />
      </button>
      <span className="pager__summary">{t('pager.summary', { page, pages, total })}</span>
    </nav>
  );
};
