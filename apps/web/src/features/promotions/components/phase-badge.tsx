import { useTranslation } from 'react-i18next';
import type { PromotionPhase } from '@apsara/contracts';

const TONE: Record<PromotionPhase, string> = { coming_soon: 'soon', in_progress: 'live', closed: 'closed' };

/** Where a promotion is in its life (spec §4: coming soon, in progress, closed), as a pill on its artwork. */
export const PhaseBadge = ({ phase }: { phase: PromotionPhase }) => {
  const { t } = useTranslation('promotions');
  return <span className={`pr-phase pr-phase--${TONE[phase]}`}>{t(`phase.${phase}`)}</span>;
};
