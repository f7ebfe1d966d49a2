import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, closeModal, openModal } from '../../../../components/ui/modal';

/** A dialog holding a form, shown while `open`, through the shared modal store. */
export const FormDialog = ({ name, open, title, onClose, children, size = 'sm' }: { name: string; open: boolean; title: string; onClose: () => void; children: ReactNode; size?: 'sm' | 'md' }) => {
  useEffect(() => {
    if (open) openModal(name);
    else closeModal(name);
  }, [name, open]);
  useEffect(() => () => closeModal(name), [name]);
  if (!open) return null;
  return (
    <Modal name={name} title={title} size={size} onClose={onClose} className="bo-dialog">
      {children}
    </Modal>
  );
};

/**
 * A dialog form's two buttons: cancel, and the submit that shows it is working while the form is sent.
 * `tone: 'danger'` for a submit that takes something away (an operator switched off).
 */
export const FormActions = ({ onCancel, submitting, label, disabled = false, tone = 'gold' }: { onCancel: () => void; submitting: boolean; label: string; disabled?: boolean; tone?: 'gold' | 'danger' }) => {
  const { t } = useTranslation('ops');
  return (
    <div className="bo-decision__actions">
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className={`btn ${tone === 'danger' ? 'bo-btn--danger' : 'btn--gold'}`} disabled={submitting || disabled}>
        {submitting && <span className="mc-spinner" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
};
