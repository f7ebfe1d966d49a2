import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closeModal, Modal, openModal } from '../../../components/ui/modal';
import { useWhitelabel } from '../api/system';
import { freePlay } from '../api/session';
import { useLoginSuccess } from '../hooks/use-login-success';
import { showMessage } from '../logic/guards';
import { AUTH_MODAL } from '../logic/guards';
import { type TabItem, Tabs, tabPanelProps } from '../../../components/ui/tabs/tabs';
import { LoginForm } from './login-form';
import { SmsLoginForm } from './sms-login-form';

type Tab = 'username' | 'sms';

/**
 * Spec §2 Login popup: username tab, plus the mobile/SMS tab when MOBILEVERCODELOGIN3 is on; the
 * site's login banners (`banner`, from the shell) above the form.
 */
export const LoginModal = ({ banner }: { banner?: ReactNode }) => {
  const { t } = useTranslation('auth');
  const { data: flags } = useWhitelabel();
  const [tab, setTab] = useState<Tab>('username');
  const items: TabItem<Tab>[] = [{ key: 'username', label: t('login.tab_username') }];
  if (flags?.MOBILEVERCODELOGIN3) items.push({ key: 'sms', label: t('login.tab_sms') });
  const active: Tab = items.some((i) => i.key === tab) ? tab : 'username';
  const panel = (key: Tab) => (items.length > 1 ? tabPanelProps('login', key) : {});

  const onLoginSuccess = useLoginSuccess();
  const trial = useMutation({
    mutationFn: freePlay,
    onSuccess: (value) => onLoginSuccess(value, { loginType: 'freeplay' }),
    onError: (e) => showMessage({ tone: 'warning', error: e, messageKey: 'auth:login.free_play' }),
  });

  const switchTo = (name: string) => {
    closeModal(AUTH_MODAL.login);
    openModal(name);
  };

  return (
    <Modal name={AUTH_MODAL.login} title={t('login.title')} size="sm" className="au-modal">
      {banner}
      <p className="au-lede">{t('login.lede')}</p>
      <Tabs items={items} value={active} onChange={setTab} label={t('login.tabs_label')} idBase="login" className="au-tabs" />
      <div {...panel(active)}>
        {active === 'username' ? <LoginForm onForgotPassword={() => switchTo(AUTH_MODAL.forgotPassword)} /> : <SmsLoginForm />}
      </div>
      {flags?.FREEPLAY3 && (
        <div className="au-freeplay">
          <button type="button" className="btn btn--ghost btn--block" disabled={trial.isPending} onClick={() => trial.mutate()}>
            {t('login.free_play')}
          </button>
          <p className="au-hint">{t('login.free_play_hint')}</p>
        </div>
      )}
      <p className="au-switch">
        {t('login.no_account')}{' '}
        <button type="button" className="au-link au-link--gold" onClick={() => switchTo(AUTH_MODAL.register)}>
          {t('login.register_link')}
        </button>
      </p>
    </Modal>
  );
};
