import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../../components/ui/icons/icons';
import { formatAmount } from '../../../../lib/format';
import { useLoginState } from '../../../../lib/session';
import { useMemberProfile } from '../../api/member-info';
import { useConsolidatedFunds } from '../../api/wallet';
import { UPCOMING_PAGES, memberPagePath, pageTextKeys, type MemberPage } from '../../logic/pages';
import { PAGE_ICONS } from '../page-icons';
import { ErrorState } from '../../../../components/ui/member/states';

const SHORTCUTS: readonly MemberPage[] = ['depositv2', 'withdraw', 'transferFund', 'transferUpline', 'transactionHistory', 'securityCenter', 'bonusDetails'];

/** /member: the member's money at a glance and the way into each page. */
export const OverviewPage = () => {
  const { t } = useTranslation('member');
  const { isTrial, isAgent } = useLoginState();
  const profile = useMemberProfile();
  const funds = useConsolidatedFunds();
  const member = profile.data;
  const symbol = member?.currencySymbol ?? funds.data?.currencySymbol ?? '';

  return (
    <div className="mc-stack">
      <section className="mc-panel mc-hero" aria-labelledby="mc-hero-title">
        <div className="mc-hero__who">
          <span className="mc-hero__avatar" aria-hidden="true">
            {(member?.nickname || member?.account || '?').slice(0, 1).toUpperCase()}
          </span>
          <span>
            <h2 id="mc-hero-title" className="mc-hero__name">
              {member ? t('overview.hello', { name: member.nickname || member.account }) : <span className="skeleton mc-hero__skeleton" />}
            </h2>
            <span className="mc-hero__meta">
              {isTrial ? <span className="mc-badge mc-badge--info">{t('overview.trial')}</span> : member?.vip.hasVip ? <span className="mc-badge mc-badge--gold">{member.vip.label ?? `VIP ${member.vip.rankLevel}`}</span> : null}
              {member && <span className="mc-hero__account">{member.account}</span>}
            </span>
          </span>
        </div>
        <div className="mc-hero__money">
          <div className="mc-hero__figure">
            <span className="mc-hero__label">{t('overview.main_balance')}</span>
            <strong className="mc-hero__value num">{member ? formatAmount(member.balance, { symbol }) : '—'}</strong>
          </div>
          <div className="mc-hero__figure">
            <span className="mc-hero__label">{t('overview.all_wallets')}</span>
            <strong className="mc-hero__value mc-hero__value--sub num">{funds.data ? formatAmount(funds.data.total, { symbol }) : '—'}</strong>
          </div>
        </div>
        {!isTrial && (
          <div className="mc-hero__actions">
            <Link to={memberPagePath('depositv2')} className="btn btn--gold">
              <Icon name="deposit" size={18} />
              {t('page.depositv2')}
            </Link>
            <Link to={memberPagePath('withdraw')} className="btn btn--ghost">
              <Icon name="withdraw" size={18} />
              {t('page.withdraw')}
            </Link>
          </div>
        )}
      </section>

      {profile.isError && <ErrorState error={profile.error} onRetry={() => void profile.refetch()} compact />}
      {isTrial && <p className="mc-note mc-note--info">{t('overview.trial_note')}</p>}

      <ul className="mc-tiles" aria-label={t('overview.shortcuts')}>
        {SHORTCUTS.map((page) => (
          <li key={page}>
            <Link to={memberPagePath(page)} className="mc-tile">
              <span className="mc-tile__icon" aria-hidden="true">
                <Icon name={PAGE_ICONS[page]} size={22} />
              </span>
              <span className="mc-tile__title">{t(pageTextKeys(page, isAgent).title)}</span>
              <span className="mc-tile__text">{t(pageTextKeys(page, isAgent).lede)}</span>
              {UPCOMING_PAGES.has(page) && <span className="mc-menu__soon">{t('menu.soon')}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
};
