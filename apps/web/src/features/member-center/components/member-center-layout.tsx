import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useLoginState } from '../../../lib/session';
import { TRIAL_BLOCKED_PAGES, UPCOMING_PAGES, isMemberPage, pageTextKeys, type MemberPage } from '../logic/pages';
import { BetRecordPage } from './bet-record/bet-record-page';
import { BonusDetailsPage } from './bonus-details/bonus-details-page';
import { SessionEnded, TrialBlocked } from '../../../components/ui/member/states';
import { DepositPage } from './deposit/deposit-page';
import { MemberMenu } from './member-menu';
import { MessagesPage } from './messages/messages-page';
import { MissionLeaderboardPage } from './missions/mission-leaderboard-page';
import { OverviewPage } from './overview/overview-page';
import { ProfilePage } from './profile/profile-page';
import { ProfitPage } from './profit/profit-page';
import { RebatePage } from './rebate/rebate-page';
import { ReferralPage } from './referral/referral-page';
import { RewardCenterPage } from './reward-center/reward-center-page';
import { SecurityCenterPage } from './security/security-center-page';
import { TransactionHistoryPage } from './transaction-history/transaction-history-page';
import { TransferFundPage } from './transfer-fund/transfer-fund-page';
import { TransferUplinePage } from './transfer-upline/transfer-upline-page';
import { UpcomingPage } from './upcoming-page';
import { WithdrawPage } from './withdraw/withdraw-page';
import '../member-center.css';

const PAGES: Partial<Record<MemberPage, ComponentType>> = {
  profile: ProfilePage,
  securityCenter: SecurityCenterPage,
  transferFund: TransferFundPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  personalHistoryCopy: BetRecordPage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: ProfitPage,
  bonusDetails: BonusDetailsPage,
  rewardCenter: RewardCenterPage,
  referral: ReferralPage,
  missionLeaderboard: MissionLeaderboardPage,
  messageV2: MessagesPage,
  manualRebate: RebatePage,
};

/** The page the deepest matched route names (its route meta carries `memberPage`); null on /member. */
const useCurrentPage = (): MemberPage | null => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as { memberPage?: unknown } | undefined;
    if (isMemberPage(handle?.memberPage)) return handle.memberPage;
  }
  return null;
};

const PageBody = ({ page }: { page: MemberPage }) => {
  const { isTrial } = useLoginState();
  if (isTrial && TRIAL_BLOCKED_PAGES.has(page)) return <TrialBlocked />;
  if (UPCOMING_PAGES.has(page)) return <UpcomingPage page={page} />;
  const Page = PAGES[page];
  return Page ? <Page /> : <UpcomingPage page={page} />;
};

/**
 * /member and /member/<page>: the page menu beside (or, on phones, above) the current page. The
 * layout stays mounted while the member moves between pages.
 */
export const MemberCenterLayout = () => {
  const { t } = useTranslation('member');
  const { isLogin, isAgent } = useLoginState();
  const page = useCurrentPage();
  // The session ended while here (the server refused the token). No redirect: a logout in progress
  // is already taking the member to the lobby, and two navigations would race.
  if (!isLogin) {
    return (
      <div className="mc">
        <div className="mc-main">
          <SessionEnded />
        </div>
      </div>
    );
  }
  return (
    <div className="mc">
      <MemberMenu current={page} />
      <div className="mc-main">
        <header className="mc-head">
          <p className="mc-head__eyebrow">{t('page.member_center')}</p>
          <h1 className="mc-head__title">{t(pageTextKeys(page, isAgent).title)}</h1>
          <p className="mc-head__lede">{t(pageTextKeys(page, isAgent).lede)}</p>
        </header>
        {page ? <PageBody key={page} page={page} /> : <OverviewPage />}
      </div>
    </div>
  );
};
