import { useTranslation } from 'react-i18next';
import type { LotterySlip } from '@apsara/contracts';
import { slipOutcome, type SlipOutcome } from '../logic/result';

const TONE: Record<SlipOutcome, string> = { pending: 'pending', won: 'ok', part: 'info', lost: 'muted' };

/**
 * A slip's outcome as a badge: pending (gold), won (green), part won (blue: some bets won but the slip
 * paid back less than it staked), lost (grey).
 */
export const SlipStatus = ({ slip }: { slip: Pick<LotterySlip, 'status' | 'stake' | 'payout'> }) => {
  const { t } = useTranslation('lottery');
  const outcome = slipOutcome(slip);
  return <span className={`mc-badge mc-badge--${TONE[outcome]}`}>{t(`status.${outcome}`)}</span>;
};
