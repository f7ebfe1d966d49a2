import { useEffect, type ReactNode } from 'react';
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
