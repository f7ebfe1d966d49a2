import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, SessionEnded, TrialBlocked } from '../../components/ui/member/states';
import { useLoginState } from '../../lib/session';
import { isTrialError } from '../../lib/server-errors';
import { usePointBalance, usePointConfig } from './api/points';
import { PointMallBody } from './components/point-mall-body';
import { LobbyLink } from './components/lobby-link';
import { PointsHeroSkeleton } from './components/points-hero';
import './point-mall.css';
import { PageHead } from '../../components/ui/page-head/page-head';

/** The words of a points mall that is not open: the site's answer to its calls when flag PTSYS3 is off. */
const DISABLED_CODE = 'POINTS_DISABLED';

/**
 * Points mall (spec §2 "Points mall"): current points, goods redemption, cash to points, redemption
 * records, points details and points rules. Members only (the route asks for a login); a trial account
 * is told to get a real one, and a site without the mall (flag PTSYS3 off) says it is not open.
 */
const PointMallPage = () => {
  const { t } = useTranslation('points');
  const { isLogin, isTrial } = useLoginState();
  const config = usePointConfig();
  const open = config.data?.enabled === true;
  const balance = usePointBalance(isLogin && !isTrial && open);

  const body = () => {
    // The session ended while here (the server refused the token): the page cannot show a member's points.
    if (!isLogin) return <SessionEnded />;
    if (isTrial || isTrialError(balance.error)) return <TrialBlocked />;
    if (config.isPending) return <PointsHeroSkeleton />;
    if (config.isError) return <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
    if (!open || (balance.error as { code?: string } | null)?.code === DISABLED_CODE) {
      return (
        <EmptyState
          icon="gem"
          tone="warning"
          title={t('closed.title')}
          text={t('closed.text')}
          action={<LobbyLink label={t('closed.action')} icon="home" />}
        />
      );
    }
    return <PointMallBody config={config.data} balance={balance} />;
  };

  return (
    <div className="pm">
      <PageHead eyebrow={t('page.eyebrow')} title={t('page.title')} lede={t('page.lede')} />
      {body()}
    </div>
  );
};

export default PointMallPage;
