import { formatAmount } from '../../../lib/format';
import { useMemberProfile } from '../../member-center/api/member-info';

/**
 * Amounts in the in-house games as the header writes them: the site's currency symbol and grouped
 * thousands ("$5,006.40"), so a balance reads the same in the game and above it.
 */
export const useGameMoney = () => {
  const symbol = useMemberProfile().data?.currencySymbol ?? '';
  return (amount: string) => formatAmount(amount, { symbol });
};
