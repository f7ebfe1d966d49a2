import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromotionListValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { EmptyState, ErrorState } from '../../../components/ui/member/states';
import { inTab, type PromoTab } from '../logic/tabs';
import { PromoCard, PromoCardSkeleton } from './promo-card';

type Props = { list: UseQueryResult<PromotionListValue>; tab: PromoTab; onOpen: (tab: PromoTab) => void };

/** The promotions of one tab as cards: skeletons while they load, the error with a retry, or an empty state with a next step. */
export const PromoGrid = ({ list, tab, onOpen }: Props) => {
  const { t } = useTranslation('promotions');
  if (list.isPending) {
    return (
      <div className="pr-grid" role="status" aria-live="polite">
        <span className="visually-hidden">{t('hall.loading')}</span>
        {Array.from({ length: 6 }, (_, i) => (
          <PromoCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const shown = inTab(list.data.items, tab);
  if (shown.length === 0) {
    return (
      <EmptyState
        icon="gift"
        title={tab === 'all' ? t('hall.none_title') : t('hall.none_category', { category: t(`tabs.${tab}`) })}
        text={tab === 'all' ? t('hall.none_text') : t('hall.none_category_text')}
        action={
          tab === 'all' ? (
            <Link to="/" className="btn btn--gold btn--sm">
              <Icon name="home" size={16} />
              {t('hall.to_lobby')}
            </Link>
          ) : (
            <button type="button" className="btn btn--gold btn--sm" onClick={() => onOpen('all')}>
              <Icon name="gift" size={16} />
              {t('hall.see_all')}
            </button>
          )
        }
      />
    );
  }
  return (
    <ul className="pr-grid" aria-busy={list.isFetching}>
      {shown.map((p) => (
        <li key={p.id} className="pr-grid__item">
          <PromoCard promotion={p} />
        </li>
      ))}
    </ul>
  );
};
