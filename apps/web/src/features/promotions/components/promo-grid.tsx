import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromotionListValue } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { EmptyState, ErrorState } from '../../../components/ui/member/states';
import { RANK_TAB, inTab, type PromoTab } from '../logic/tabs';
import { PromoCard, PromoCardSkeleton } from './promo-card';
import { VipBadge } from './vip-badge';

type MyRank = { level: number; label: string };

type Props = {
  list: UseQueryResult<PromotionListValue>;
  tab: PromoTab;
  onOpen: (tab: PromoTab) => void;
  /** The site has VIP ranks: the VIP category leads to their explanation. */
  ranks?: boolean;
  /** The member's rank, if they have one. */
  myRank?: MyRank | null;
};

/** The way from the VIP category to the rank explanation: above its cards, or as the next step when it has none. */
const RanksStrip = ({ myRank, onOpen }: { myRank: MyRank | null; onOpen: (tab: PromoTab) => void }) => {
  const { t } = useTranslation('promotions');
  return (
    <div className="pr-ranks">
      <VipBadge level={myRank?.level ?? 1} size={40} />
      <p className="pr-ranks__text">{myRank ? t('hall.vip_ranks_mine', { label: myRank.label }) : t('hall.vip_ranks_text')}</p>
      <button type="button" className="btn btn--ghost btn--sm pr-ranks__btn" onClick={() => onOpen(RANK_TAB)}>
        {t('hall.vip_ranks_link')}
        <Icon name="chevronRight" size={16} />
      </button>
    </div>
  );
};

/** The promotions of one tab as cards: skeletons while they load, the error with a retry, or an empty state with a next step. */
export const PromoGrid = ({ list, tab, onOpen, ranks = false, myRank = null }: Props) => {
  const { t } = useTranslation('promotions');
  const vipRanks = ranks && tab === 'vip';
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
        icon={vipRanks ? 'crown' : 'gift'}
        title={tab === 'all' ? t('hall.none_title') : t('hall.none_category', { category: t(`tabs.${tab}`) })}
        text={tab === 'all' ? t('hall.none_text') : vipRanks ? t('hall.none_vip_text') : t('hall.none_category_text')}
        action={
          vipRanks ? (
            <button type="button" className="btn btn--gold btn--sm" onClick={() => onOpen(RANK_TAB)}>
              <Icon name="trophy" size={16} />
              {t('hall.vip_ranks_link')}
            </button>
          ) : tab === 'all' ? (
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
    <>
      {vipRanks && <RanksStrip myRank={myRank} onOpen={onOpen} />}
      <ul className="pr-grid" aria-busy={list.isFetching}>
        {shown.map((p) => (
          <li key={p.id} className="pr-grid__item">
            <PromoCard promotion={p} />
          </li>
        ))}
      </ul>
    </>
  );
};
