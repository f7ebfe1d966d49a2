import { useTranslation } from 'react-i18next';
import type { PointOrderStatus } from '@apsara/contracts';

const TONE: Record<PointOrderStatus, 'pending' | 'ok' | 'bad'> = { applying: 'pending', approved: 'ok', rejected: 'bad' };

/** A redemption's state (spec §4 "Redeem states") as a coloured pill. */
export const OrderStatus = ({ status }: { status: PointOrderStatus }) => {
  const { t } = useTranslation('points');
  return <span className={`mc-badge mc-badge--${TONE[status]}`}>{t(`status.${status}`)}</span>;
};
