import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeAllModals, closeModal, Modal, useModal } from '../../../components/ui/modal';
import { hideLoader, showLoader } from '../../../lib/loader';
import { clearSession } from '../../../lib/session';
import { signupBonusText } from '../../../lib/site-config';
import { useErrorText } from '../../../lib/use-error-text';
import { logout } from '../api/session';
import { useSiteConfig } from '../api/system';
import { AUTH_MODAL, type MessageDialogProps, type MessageTone } from '../logic/guards';
import { forgetMemberData } from '../../../lib/member-data';

const ToneIcon = ({ tone }: { tone: MessageTone }) => (
  <span className={`au-dialog__icon au-dialog__icon--${tone}`} aria-hidden="true">
    <svg viewBox="0 0 48 48" width="48" height="48">
      <circle cx="24" cy="24" r="21" fill="currentColor" opacity="0.14" />
      <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="2.5" />
      {tone === 'success' ? (
        <path d="M15 24.5l6 6 12-13" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      ) : tone === 'info' ? (
        <>
          <circle cx="24" cy="15.5" r="2.4" fill="currentColor" />
          <path d="M24 21.5v12" stroke="currentColor" strokeWidth="3.4" strokeLinecap="round" />
        </>
      ) : (
        <>
          <path d="M24 13.5v13" stroke="currentColor" strokeWidth="3.4" strokeLinecap="round" />
          <circle cx="24" cy="33" r="2.4" fill="currentColor" />
        </>
      )}
    </svg>
  </span>
);

/** Warning / info / success dialog with one confirm button (spec §8 warning dialogs). */
export const MessageDialog = () => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { props } = useModal<MessageDialogProps>(AUTH_MODAL.message);
  const tone = props.tone ?? 'info';
  // Worded at render from what is kept (a key, a failed call), so it follows a language switch.
  const fallback = props.messageKey ? t(props.messageKey) : (props.message ?? '');
  const message = props.error ? errorText(props.error, fallback) : fallback;
  const confirm = () => {
    closeModal(AUTH_MODAL.message);
    props.onConfirm?.();
  };
  return (
    <Modal name={AUTH_MODAL.message} title={props.title ?? t(`dialog.title_${tone}`)} size="sm" className="au-modal au-dialog" scrollable={false}>
      <div className="au-dialog__content">
        <ToneIcon tone={tone} />
        <p className="au-dialog__text">{message}</p>
      </div>
      <div className="au-dialog__actions">
        <button type="button" className="btn btn--gold au-dialog__btn" onClick={confirm} data-autofocus>
          {t('dialog.confirm')}
        </button>
      </div>
    </Modal>
  );
};

/** Spec §5 Action guards: a trial account is told to get a real one ('in_need_true_account'). */
export const TrialDialog = () => {
  const { t } = useTranslation('auth');
  return (
    <Modal name={AUTH_MODAL.trial} title={t('trial.title')} size="sm" className="au-modal au-dialog" scrollable={false}>
      <div className="au-dialog__content">
        <ToneIcon tone="info" />
        <p className="au-dialog__text">{t('trial.in_need_true_account')}</p>
      </div>
      <div className="au-dialog__actions">
        <button type="button" className="btn btn--gold au-dialog__btn" onClick={() => closeModal(AUTH_MODAL.trial)} data-autofocus>
          {t('dialog.confirm')}
        </button>
      </div>
    </Modal>
  );
};

/** Spec §4 Logout: confirm, loader, DELETE logout, clear the session (merchant codes stay), go to /. */
export const LogoutConfirmDialog = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    showLoader();
    try {
      await logout();
    } catch {
      // An expired or already-revoked token still ends here: the local session goes either way.
    }
    clearSession();
    forgetMemberData(queryClient);
    closeAllModals();
    setBusy(false);
    navigate('/', { replace: true });
    // The shell hides the loader after navigation; this covers logging out while already on /.
    setTimeout(hideLoader, 300);
  };

  return (
    <Modal name={AUTH_MODAL.logoutConfirm} title={t('logout.title')} size="sm" className="au-modal au-dialog" showClose={!busy} scrollable={false}>
      <div className="au-dialog__content">
        <ToneIcon tone="warning" />
        <p className="au-dialog__text">{t('logout.in_sure_logout')}</p>
      </div>
      <div className="au-dialog__actions">
        <button type="button" className="btn btn--ghost au-dialog__btn" onClick={() => closeModal(AUTH_MODAL.logoutConfirm)} disabled={busy}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className="btn btn--gold au-dialog__btn" onClick={() => void confirm()} disabled={busy} aria-busy={busy} data-autofocus>
          {busy ? <span className="au-spinner" aria-hidden="true" /> : null}
          {busy ? t('logout.busy') : t('logout.confirm')}
        </button>
      </div>
    </Modal>
  );
};

/** Zalo / WhatsApp links of the merchant, when it publishes them. */
const socialLinks = (config: ReturnType<typeof useSiteConfig>['data']) => {
  const find = (type: string) =>
    config?.customerService.find((c) => c.csType.toUpperCase() === type)?.path ??
    config?.resources.find((r) => r.resourceType.toUpperCase() === type)?.url;
  return { zalo: find('ZALO'), whatsapp: find('WHATSAPP'), chat: find('LIVECHAT') };
};

/** Spec §2: a Zalo or WhatsApp bonus popup follows registration, with the most the site's sign-up bonus pays. */
export const RegisterBonusDialog = () => {
  const { t } = useTranslation('auth');
  const { data: config } = useSiteConfig();
  const links = socialLinks(config);
  const amount = signupBonusText(config) ?? '';
  const fallback = links.chat;
  return (
    <Modal name={AUTH_MODAL.registerBonus} title={t('bonus.title')} size="sm" className="au-modal au-bonus" scrollable={false}>
      <div className="au-bonus__hero" aria-hidden="true">
        <span className="au-bonus__amount">{amount}</span>
        <span className="au-bonus__sparkle" />
      </div>
      <p className="au-bonus__headline">{t('bonus.headline', { amount })}</p>
      <p className="au-bonus__text">{t('bonus.text', { amount })}</p>
      <div className="au-bonus__actions">
        {(links.zalo ?? fallback) && (
          <a className="btn au-bonus__btn au-bonus__btn--zalo" href={links.zalo ?? fallback} target="_blank" rel="noopener noreferrer" onClick={() => closeModal(AUTH_MODAL.registerBonus)}>
            {t('bonus.zalo')}
          </a>
        )}
        {(links.whatsapp ?? fallback) && (
          <a
            className="btn au-bonus__btn au-bonus__btn--whatsapp"
            href={links.whatsapp ?? fallback}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => closeModal(AUTH_MODAL.registerBonus)}
          >
            {t('bonus.whatsapp')}
          </a>
        )}
        <button type="button" className="btn btn--quiet au-bonus__later" onClick={() => closeModal(AUTH_MODAL.registerBonus)}>
          {t('bonus.later')}
        </button>
      </div>
    </Modal>
  );
};

