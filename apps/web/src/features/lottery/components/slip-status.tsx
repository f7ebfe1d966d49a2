import { useTranslation } from 'react-i18next';
import type { LotterySlip } from '@apsara/contracts';

const TONE: Record<LotterySlip['status'], string> = { pending: 'pending', won: 'ok', lost: 'muted' };

/** A slip's status as a badge: pending (gold), won (green), lost (grey). */
export const SlipStatus = ({ status }: { status: LotterySlip['status'] }) => {
  const { t } = useTranslation('lottery');
  return <span className={`mc-badge mc-badge--${TONE[status]}`}>{t(`status.${status}`)}</span>;
};
