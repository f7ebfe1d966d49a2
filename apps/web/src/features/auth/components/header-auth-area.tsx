import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../lib/format';
import { useLoginState } from '../../../lib/session';
import { useMemberIcon } from '../api/member';
import { useMemberInfo } from '../hooks/use-member-info';
import { useBalanceStream } from '../hooks/use-balance-stream';
import { useRecoverOnReturn } from '../hooks/use-recover-on-return';
import { openModal } from '../../../components/ui/modal';
import { AUTH_MODAL, openLogin, openRegister, requireLogin } from '../logic/guards';
import '../auth.css';

/** Header corner (spec §2 Header): login and register for visitors, the member panel otherwise. */
export const HeaderAuthArea = () => {
  const { isLogin } = useLoginState();
  return isLogin ? <MemberPanel /> : <VisitorButtons />;
};

const VisitorButtons = () => {
  const { t } = useTranslation('auth');
  return (
    <div className="au-header au-header--visitor">
      <button type="button" className="btn btn--ghost btn--sm au-header__btn" onClick={openLogin}>
        {t('header.login')}
      </button>
      <button type="button" className="btn btn--gold btn--sm au-header__btn" onClick={openRegister}>
        {t('header.register')}
      </button>
    </div>
  );
};

const RefreshIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M20 11a8 8 0 10-2.3 5.7" />
    <path d="M20 4.5V11h-6.5" />
  </svg>
);
const LogoutIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M14.5 4.5h3a2 2 0 012 2v11a2 2 0 01-2 2h-3" />
    <path d="M10 16.5L5.5 12 10 7.5M5.5 12H15" />
  </svg>
);

const MemberPanel = () => {
  const { t } = useTranslation('auth');
  const { isTrial } = useLoginState();
  const info = useMemberInfo();
  useBalanceStream();
  useRecoverOnReturn();
  const icon = useMemberIcon(info.isSuccess);
  const member = info.data;

  if (!member && info.isError) {
    // The session is alive but the info call failed (network, server): offer a retry and a way out.
    return (
      <div className="au-header au-header--member">
        <div className="au-wallet" role="group" aria-label={t('header.wallet')}>
          <span className="au-wallet__amount num">—</span>
          <button type="button" className="au-wallet__refresh" aria-label={t('header.refresh_balance')} onClick={() => void info.refetch()}>
            <RefreshIcon />
          </button>
        </div>
        <button type="button" className="au-header__icon-btn" aria-label={t('header.logout')} title={t('header.logout')} onClick={() => openModal(AUTH_MODAL.logoutConfirm)}>
          <LogoutIcon />
        </button>
      </div>
    );
  }

  if (!member) {
    return (
      <div className="au-header au-header--member" aria-busy="true">
        <span className="skeleton au-header__skeleton" aria-hidden="true" />
        <span className="visually-hidden">{t('header.loading')}</span>
      </div>
    );
  }

  const name = member.nickname || member.account;
  const balance = formatAmount(member.balance, { symbol: member.currencySymbol });

  return (
    <div className="au-header au-header--member">
      <div className="au-wallet" role="group" aria-label={t('header.wallet')}>
        <span className="au-wallet__label">{t('header.balance')}</span>
        <span className="au-wallet__sums">
          <output className="au-wallet__amount num" aria-live="polite" aria-busy={info.isFetching}>
            {balance}
          </output>
          {/* Money waiting for a withdrawal to be paid is in the balance but cannot be spent. */}
          {Number(member.held) > 0 && <span className="au-wallet__held num">{t('header.held', { amount: formatAmount(member.held, { symbol: member.currencySymbol }) })}</span>}
        </span>
        <button
          type="button"
          className={`au-wallet__refresh${info.isFetching ? ' is-spinning' : ''}`}
          aria-label={t('header.refresh_balance')}
          title={t('header.refresh_balance')}
          onClick={() => void info.refetch()}
          disabled={info.isFetching}
        >
          <RefreshIcon />
        </button>
      </div>

      <Link
        to="/member"
        className="au-member"
        aria-label={t('header.member_center_of', { name })}
        onClick={(e) => {
          // Trial accounts cannot open the member centre (spec §6): tell them instead.
          if (!requireLogin()) e.preventDefault();
        }}
      >
        <span className="au-member__avatar" style={icon.data ? undefined : { background: 'var(--g-gold)' }} aria-hidden="true">
          {icon.data ? <img src={icon.data.iconUrl} alt="" width={36} height={36} /> : name.slice(0, 1).toUpperCase()}
        </span>
        {/* Phones hide the name and its badges: the rank then rides on the avatar. */}
        {!isTrial && member.vip.hasVip && (
          <span className="au-member__rank" aria-hidden="true">
            {member.vip.label ?? t('header.vip_level', { level: member.vip.rankLevel })}
          </span>
        )}
        <span className="au-member__text">
          <span className="au-member__name">{name}</span>
          <span className="au-member__meta">
            {isTrial ? (
              <span className="au-badge au-badge--trial">{t('header.trial')}</span>
            ) : member.vip.hasVip ? (
              <span className="au-badge au-badge--vip">{member.vip.label ?? t('header.vip_level', { level: member.vip.rankLevel })}</span>
            ) : (
              <span className="au-member__hint">{t('header.member_center')}</span>
            )}
            {member.unreadCount > 0 && !isTrial && (
              <span className="au-badge au-badge--count" aria-label={t('header.unread', { count: member.unreadCount })}>
                {member.unreadCount > 99 ? '99+' : member.unreadCount}
              </span>
            )}
          </span>
        </span>
      </Link>

      <button type="button" className="au-header__icon-btn" aria-label={t('header.logout')} title={t('header.logout')} onClick={() => openModal(AUTH_MODAL.logoutConfirm)}>
        <LogoutIcon />
      </button>
    </div>
  );
};
