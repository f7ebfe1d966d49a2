import { useTranslation } from 'react-i18next';
import type { PromotionClaimStatus } from '@apsara/contracts';

const TONE: Record<PromotionClaimStatus, 'pending' | 'ok' | 'bad' | 'info'> = { signed_up: 'info', applying: 'pending', rejected: 'bad', issued: 'ok', claimed: 'ok' };

/** A promotion record's state (spec §4: signed up, applying, rejected, issued, claimed) as a coloured pill. */
export const ClaimStatus = ({ status }: { status: PromotionClaimStatus }) => {
  const { t } = useTranslation('promotions');
  return <span className={`mc-badge mc-badge--${TONE[status]}`}>{t(`record.${status}`)}</span>;
};
