import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeModal, Modal, openModal } from '../../../components/ui/modal';
import { useWhitelabel } from '../api/system';
import { AUTH_MODAL } from '../logic/guards';
import { type TabItem, Tabs, tabPanelProps } from './form/tabs';
import { LoginForm } from './login-form';
import { SmsLoginForm } from './sms-login-form';

type Tab = 'username' | 'sms';

/** Spec §2 Login popup: username tab, plus the mobile/SMS tab when MOBILEVERCODELOGIN3 is on. */
export const LoginModal = () => {
  const { t } = useTranslation('auth');
  const { data: flags } = useWhitelabel();
  const [tab, setTab] = useState<Tab>('username');
  const items: TabItem<Tab>[] = [{ key: 'username', label: t('login.tab_username') }];
  if (flags?.MOBILEVERCODELOGIN3) items.push({ key: 'sms', label: t('login.tab_sms') });
  const active: Tab = items.some((i) => i.key === tab) ? tab : 'username';
  const panel = (key: Tab) => (items.length > 1 ? tabPanelProps('login', key) : {});

  const switchTo = (name: string) => {
    closeModal(AUTH_MODAL.login);
    openModal(name);
  };

  return (
    <Modal name={AUTH_MODAL.login} title={t('login.title')} size="sm" className="au-modal">
      <p className="au-lede">{t('login.lede')}</p>
      <Tabs items={items} value={active} onChange={setTab} label={t('login.tabs_label')} idBase="login" />
      <div {...panel(active)}>
        {active === 'username' ? <LoginForm onForgotPassword={() => switchTo(AUTH_MODAL.forgotPassword)} /> : <SmsLoginForm />}
      </div>
      <p className="au-switch">
        {t('login.no_account')}{' '}
        <button type="button" className="au-link au-link--gold" onClick={() => switchTo(AUTH_MODAL.register)}>
          {t('login.register_link')}
        </button>
      </p>
    </Modal>
  );
};
