import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { formatDateTime } from '../../../lib/format-time';
import { useTimeZone } from '../../../lib/use-time-zone';
import { usePromoActions } from '../hooks/promo-actions';
import { useTermText } from '../hooks/use-term-text';
import { keyTerms } from '../logic/terms';
import { PhaseBadge } from './phase-badge';
import { PromoActionView } from './promo-action';
import { PromoArt } from './promo-art';

/** A day as the lists show it (yyyy-MM-dd), in the site's zone. */
export const dayOf = (iso: string, zone: string) => formatDateTime(iso, zone).slice(0, 10);

/** When it starts, ends or ended, in a few words. */
export const useDatesText = () => {
  const { t } = useTranslation('promotions');
  const zone = useTimeZone();
  return (p: Pick<Promotion, 'phase' | 'startsAt' | 'endsAt'>) => {
    if (p.phase === 'coming_soon') return t('card.starts', { date: dayOf(p.startsAt, zone) });
    if (!p.endsAt) return t('card.no_end');
    return t(p.phase === 'closed' ? 'card.ended' : 'card.ends', { date: dayOf(p.endsAt, zone) });
  };
};

/**
 * One promotion of the hall: its artwork with the phase and category, title, summary, key terms
 * ("100% up to $188.00", "Turnover ×3", "Daily"), when it ends, the way to its full rules, and its one
 * action as the member's state allows.
 */
export const PromoCard = ({ promotion }: { promotion: Promotion }) => {
  const { t } = useTranslation('promotions');
  const localize = useLocalize();
  const { openDetail, symbol } = usePromoActions();
  const termText = useTermText(symbol);
  const dates = useDatesText();
  const titleId = useId();
  const title = localize(promotion.title);
  const terms = keyTerms(promotion);

  return (
    <article className={`pr-card pr-card--${promotion.phase}`} aria-labelledby={titleId}>
      <div className="pr-card__art">
        <PromoArt art={promotion.art} className="pr-card__svg" />
        <PhaseBadge phase={promotion.phase} />
        <span className="pr-card__category">{t(`category.${promotion.category}`)}</span>
      </div>
      <div className="pr-card__body">
        <h3 id={titleId} className="pr-card__title">
          {title}
        </h3>
        <p className="pr-card__summary">{localize(promotion.summary)}</p>
        <ul className="pr-terms" aria-label={t('card.terms_label')}>
          {terms.map((term, i) => (
            <li key={term.key} className={`pr-terms__item${i === 0 ? ' pr-terms__item--main' : ''}`}>
              {termText(term)}
            </li>
          ))}
        </ul>
        <p className="pr-card__dates">
          <Icon name="calendar" size={14} />
          <span className="num">{dates(promotion)}</span>
        </p>
        <div className="pr-card__foot">
          <button type="button" className="btn btn--quiet btn--sm pr-card__rules" aria-label={t('card.rules_of', { title })} onClick={() => openDetail(promotion.id)}>
            <Icon name="info" size={16} />
            {t('card.rules')}
          </button>
          <PromoActionView promotion={promotion} />
        </div>
      </div>
    </article>
  );
};

/** While the hall loads: cards in outline, so nothing jumps when they arrive. */
export const PromoCardSkeleton = () => (
  <div className="pr-card pr-card--skeleton" aria-hidden="true">
    <div className="skeleton pr-card__art" />
    <div className="pr-card__body">
      <div className="skeleton pr-skel pr-skel--title" />
      <div className="skeleton pr-skel pr-skel--line" />
      <div className="pr-skel-row">
        <div className="skeleton pr-skel pr-skel--chip" />
        <div className="skeleton pr-skel pr-skel--chip" />
        <div className="skeleton pr-skel pr-skel--chip" />
      </div>
      <div className="skeleton pr-skel pr-skel--button" />
    </div>
  </div>
);
