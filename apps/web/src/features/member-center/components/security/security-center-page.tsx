import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityOverviewValue } from '@apsara/contracts';
import { Icon, type IconName } from '../../../../components/ui/icons/icons';
import { useShellActions } from '../../../../lib/shell-actions';
import { useSecurityOverview } from '../../api/security';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { formatDateTime } from '../../../../lib/format-time';
import { FormSuccess } from '../../../../components/ui/member/form-error';
import { Panel } from '../../../../components/ui/member/panel';
import { ErrorState, LoadingState } from '../../../../components/ui/member/states';
import { BankCardsSection } from './bank-cards-section';
import { PaymentPasswordForm } from './payment-password-form';
import { RealNameForm } from './real-name-form';
import { TakeBreakSection } from './take-break-section';

/** securityCenter: login password, real name, payment password and bank cards, with a security level; and taking a break. */
export const SecurityCenterPage = () => {
  const { t } = useTranslation('member');
  const overview = useSecurityOverview();
  if (overview.isPending)
    return (
      <Panel title={t('security.overview_title')} icon="shield">
        <LoadingState rows={4} />
      </Panel>
    );
  if (overview.isError)
    return (
      <Panel title={t('security.overview_title')} icon="shield">
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      </Panel>
    );
  return <SecurityCenter data={overview.data} />;
};

const levelOf = (d: SecurityOverviewValue) => [true, d.realName !== null, d.hasPaymentPassword, d.bankCards.length > 0].filter(Boolean).length;

const SecurityCenter = ({ data }: { data: SecurityOverviewValue }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const { openChangePassword } = useShellActions();
  const [open, setOpen] = useState<'realName' | 'paymentPassword' | null>(null);
  const level = levelOf(data);
  // What was just saved, said under its item until another form opens.
  const [saved, setSaved] = useState<{ key: 'realName' | 'paymentPassword'; message: string } | null>(null);
  const toggle = (key: 'realName' | 'paymentPassword') => {
    setSaved(null);
    setOpen((o) => (o === key ? null : key));
  };
  const savedAs = (key: 'realName' | 'paymentPassword', message: string) => () => {
    setOpen(null);
    setSaved({ key, message });
  };
  const savedNote = (key: 'realName' | 'paymentPassword') => (open === null && saved?.key === key ? <FormSuccess message={saved.message} takeFocus /> : null);

  return (
    <div className="mc-stack">
      <section className="mc-panel mc-sec-hero" aria-labelledby="mc-sec-hero-title">
        <div className="mc-sec-hero__meter" aria-hidden="true">
          <svg viewBox="0 0 64 64" width="72" height="72">
            <circle cx="32" cy="32" r="27" fill="none" stroke="var(--c-surface-4)" strokeWidth="6" />
            <circle
              cx="32"
              cy="32"
              r="27"
              fill="none"
              stroke={level === 4 ? 'var(--c-win)' : 'var(--c-gold)'}
              strokeWidth="6"
              strokeLinecap="round"
              strokeDasharray={`${(level / 4) * 169.6} 169.6`}
              transform="rotate(-90 32 32)"
            />
          </svg>
          <Icon name="shield" size={24} />
        </div>
        <div className="mc-sec-hero__text">
          <h2 id="mc-sec-hero-title" className="mc-sec-hero__title">
            {t('security.level', { level: t(`security.level_${level}`) })}
          </h2>
          <p className="mc-sec-hero__sub">{t('security.level_text', { done: level, total: 4 })}</p>
          <dl className="mc-sec-hero__facts">
            <div>
              <dt>{t('security.username')}</dt>
              <dd>{data.username}</dd>
            </div>
            <div>
              <dt>{t('security.previous_login')}</dt>
              <dd className="num">
                {data.previousLogin ? [formatDateTime(data.previousLogin.at, zone), data.previousLogin.ip].filter(Boolean).join(' · ') : t('security.previous_login_none')}
              </dd>
            </div>
            {data.mobileMasked && (
              <div>
                <dt>{t('security.mobile')}</dt>
                <dd className="num">{data.mobileMasked}</dd>
              </div>
            )}
            {data.emailMasked && (
              <div>
                <dt>{t('security.email')}</dt>
                <dd>{data.emailMasked}</dd>
              </div>
            )}
          </dl>
        </div>
      </section>

      <Panel id="mc-sec-items" title={t('security.items_title')} icon="lock">
        <ul className="mc-sec-list">
          <SecurityItem
            icon="lock"
            title={t('security.login_password')}
            done
            status={t('security.changed_at', { time: formatDateTime(data.passwordChangedAt, zone) })}
            action={
              <button type="button" className="btn btn--ghost btn--sm" onClick={openChangePassword}>
                {t('security.change')}
              </button>
            }
          />
          <SecurityItem
            icon="idCard"
            title={t('security.real_name')}
            done={data.realName !== null}
            status={data.realName ?? t('security.not_set')}
            note={data.realName !== null ? t('security.real_name_locked') : undefined}
            action={
              data.realName === null ? (
                <button type="button" className={`btn btn--sm ${open === 'realName' ? 'btn--ghost' : 'btn--gold'}`} aria-expanded={open === 'realName'} aria-controls="mc-sec-realname" onClick={() => toggle('realName')}>
                  {open === 'realName' ? t('common.cancel') : t('security.set')}
                </button>
              ) : undefined
            }
          >
            {open === 'realName' && data.realName === null && (
              <div id="mc-sec-realname" className="mc-sec-list__form">
                <RealNameForm onDone={savedAs('realName', t('security.real_name_saved'))} />
              </div>
            )}
            {savedNote('realName')}
          </SecurityItem>
          <SecurityItem
            icon="key"
            title={t('security.payment_password')}
            done={data.hasPaymentPassword}
            status={data.hasPaymentPassword ? t('security.is_set') : t('security.not_set')}
            action={
              <button
                type="button"
                // Gold only to invite a first setup; "Cancel" and "Change" are not the main action.
                className={`btn btn--sm ${data.hasPaymentPassword || open === 'paymentPassword' ? 'btn--ghost' : 'btn--gold'}`}
                aria-expanded={open === 'paymentPassword'}
                aria-controls="mc-sec-pp"
                onClick={() => toggle('paymentPassword')}
              >
                {open === 'paymentPassword' ? t('common.cancel') : data.hasPaymentPassword ? t('security.change') : t('security.set')}
              </button>
            }
          >
            {open === 'paymentPassword' && (
              <div id="mc-sec-pp" className="mc-sec-list__form">
                <PaymentPasswordForm mode={data.hasPaymentPassword ? 'change' : 'set'} onDone={savedAs('paymentPassword', t(data.hasPaymentPassword ? 'security.pp_changed' : 'security.pp_set'))} />
              </div>
            )}
            {savedNote('paymentPassword')}
          </SecurityItem>
        </ul>
      </Panel>

      <BankCardsSection data={data} />
      <TakeBreakSection />
    </div>
  );
};

type ItemProps = { icon: IconName; title: string; done: boolean; status: ReactNode; note?: string; action?: ReactNode; children?: ReactNode };

const SecurityItem = ({ icon, title, done, status, note, action, children }: ItemProps) => {
  const { t } = useTranslation('member');
  return (
    <li className={`mc-sec-item${done ? ' is-done' : ''}`}>
      <div className="mc-sec-item__row">
        <span className="mc-sec-item__icon" aria-hidden="true">
          <Icon name={icon} size={20} />
        </span>
        <span className="mc-sec-item__text">
          <span className="mc-sec-item__title">
            {title}
            <span className={`mc-badge mc-badge--${done ? 'ok' : 'pending'}`}>{done ? t('security.done') : t('security.todo')}</span>
          </span>
          <span className="mc-sec-item__status">{status}</span>
          {note && <span className="mc-sec-item__note">{note}</span>}
        </span>
        {action && <span className="mc-sec-item__action">{action}</span>}
      </div>
      {children}
    </li>
  );
};
