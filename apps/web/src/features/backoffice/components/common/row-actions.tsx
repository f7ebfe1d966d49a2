import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icons/icons';

type Labelled = { label: string; named: string };

type Props = {
  /** Whether the operator's role may change the row at all. */
  allowed: boolean;
  /** A write is on its way: the switch and delete wait for it. */
  busy: boolean;
  edit: Labelled & { onClick: () => void };
  /** Shows or hides the row's item on the site; `off` says the click takes it away (a red button). */
  toggle: Labelled & { off: boolean; onClick: () => void };
  remove: { named: string; onClick: () => void };
};

/**
 * A content row's three buttons (help topics, articles): edit, switch on or off, delete. A role that
 * may not change the row sees them greyed, with the reason on hover.
 */
export const EditToggleDelete = ({ allowed, busy, edit, toggle, remove }: Props) => {
  const { t } = useTranslation('ops');
  const reason = allowed ? undefined : t('common.role_cannot');
  const locked = !allowed || busy;
  return (
    <div className="bo-row-actions">
      <button type="button" className="btn btn--sm btn--ghost" disabled={!allowed} title={reason} aria-label={edit.named} onClick={edit.onClick}>
        {edit.label}
      </button>
      <button type="button" className={`btn btn--sm ${toggle.off ? 'bo-btn--danger-ghost' : 'bo-btn--go'}`} disabled={locked} title={reason} aria-label={toggle.named} onClick={toggle.onClick}>
        {toggle.label}
      </button>
      <button type="button" className="btn btn--sm bo-btn--danger-ghost" disabled={locked} title={reason} aria-label={remove.named} onClick={remove.onClick}>
        <Icon name="trash" size={14} />
      </button>
    </div>
  );
};
