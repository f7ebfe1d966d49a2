import type { IconName } from '../../../components/ui/icons/icons';
import type { MemberPage } from '../logic/pages';

export const PAGE_ICONS: Record<MemberPage, IconName> = {
  profile: 'idCard',
  securityCenter: 'shield',
  transferFund: 'transfer',
  depositv2: 'deposit',
  withdraw: 'withdraw',
  transferUpline: 'send',
  personalHistoryCopy: 'receipt',
  transactionHistory: 'history',
  personalProfit: 'chart',
  bonusDetails: 'gift',
  rewardCenter: 'crown',
  referral: 'users',
  missionLeaderboard: 'trophy',
  messageV2: 'mail',
  manualRebate: 'percent',
};
