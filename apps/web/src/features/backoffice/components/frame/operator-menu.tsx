import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsMeValue } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { OwnPasswordDialog } from './own-password-dialog';

/**
 * The operator in the top bar: name and role, and a small menu of what concerns their own account
 * (changing their password). Closes on Escape, on a click elsewhere, and after a choice.
 */
export const OperatorMenu = ({ me }: { me: OpsMeValue }) => {
  const { t } = useTranslation('ops');
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  return (
    <div ref={box} className="bo-operator" role="group" aria-label={t('frame.signed_in_as', { name: me.username, role: t(`role.${me.role}`) })}>
      <button
        ref={button}
        type="button"
        className="bo-operator__btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${ids}-menu`}
        aria-label={t('frame.account_menu', { name: me.username })}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="bo-operator__avatar" aria-hidden="true">
          {me.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="bo-operator__text">
          <strong className="bo-operator__name">{me.username}</strong>
          <span className={`bo-role bo-role--${me.role}`}>{t(`role.${me.role}`)}</span>
        </span>
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <div id={`${ids}-menu`} role="menu" aria-label={t('frame.account_menu', { name: me.username })} className="bo-operator__menu">
          <button
            ref={first}
            type="button"
            role="menuitem"
            className="bo-operator__item"
            onClick={() => {
              setOpen(false);
              setDialog(true);
            }}
          >
            <Icon name="key" size={16} />
            {t('frame.change_password')}
          </button>
        </div>
      )}
      <OwnPasswordDialog open={dialog} onClose={() => setDialog(false)} />
    </div>
  );
};
