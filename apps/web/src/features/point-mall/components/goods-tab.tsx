import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_GOODS_KINDS, type PointBalanceValue, type PointConfigValue, type PointGoods } from '@apsara/contracts';
import { closeModal, openModal } from '../../../components/ui/modal';
import { Icon } from '../../../components/ui/icons/icons';
import { Panel } from '../../../components/ui/member/panel';
import { EmptyState, ErrorState } from '../../../components/ui/member/states';
import { StatusFilter } from '../../../components/ui/member/status-filter';
import type { KeyKeeper } from '../../../lib/idempotency';
import { usePointGoods } from '../api/points';
import type { PointTab } from '../logic/tabs';
import { GoodsCard } from './goods-card';
import { LobbyLink } from './lobby-link';
import { REDEEM_MODAL, RedeemModal } from './redeem-modal';

type Kind = PointGoods['kind'];

type Props = {
  balance: PointBalanceValue | undefined;
  config: PointConfigValue;
  onOpen: (tab: PointTab) => void;
  /** The redemptions' idempotency keys (kept by the page). */
  keys: KeyKeeper;
};

/** Goods redemption (spec §2): the goods on sale as cards, virtual or physical, and the redeem popup. */
export const GoodsTab = ({ balance, config, onOpen, keys }: Props) => {
  const { t } = useTranslation('points');
  const goods = usePointGoods();
  const [kind, setKind] = useState<Kind | undefined>();
  const items = goods.data?.items ?? [];
  const shown = kind ? items.filter((g) => g.kind === kind) : items;
  const symbol = goods.data?.currencySymbol ?? config.currencySymbol;

  // The popup belongs to this tab: leaving it closes the popup.
  useEffect(() => () => closeModal(REDEEM_MODAL), []);

  const content = () => {
    if (goods.isPending) {
      return (
        <div className="pm-grid" role="status" aria-live="polite">
          <span className="visually-hidden">{t('goods.loading')}</span>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="pm-goods pm-goods--skeleton" aria-hidden="true">
              <div className="skeleton pm-goods__art" />
              <div className="pm-goods__body">
                <div className="skeleton pm-skel pm-skel--title" />
                <div className="skeleton pm-skel pm-skel--line" />
                <div className="skeleton pm-skel pm-skel--button" />
              </div>
            </div>
          ))}
        </div>
      );
    }
    if (goods.isError) return <ErrorState error={goods.error} onRetry={() => void goods.refetch()} />;
    if (shown.length === 0) {
      return (
        <EmptyState
          icon="gift"
          title={kind ? t('goods.none_kind') : t('goods.none_title')}
          text={t('goods.none_text')}
          action={
            config.convert.enabled ? (
              <button type="button" className="btn btn--gold btn--sm" onClick={() => onOpen('convert')}>
                <Icon name="swap" size={16} />
                {t('goods.to_convert')}
              </button>
            ) : (
              <LobbyLink label={t('goods.to_lobby')} />
            )
          }
        />
      );
    }
    return (
      <ul className="pm-grid" aria-busy={goods.isFetching}>
        {shown.map((g) => (
          <li key={g.id} className="pm-grid__item">
            <GoodsCard goods={g} balance={balance} symbol={symbol} onRedeem={() => openModal(REDEEM_MODAL, { goodsId: g.id, opened: Date.now() })} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Panel
      id="pm-goods"
      title={t('goods.title')}
      icon="gift"
      actions={
        items.length > 0 && (
          <StatusFilter statuses={POINT_GOODS_KINDS} value={kind} onChange={setKind} label={t('goods.filter_label')} labelKeyOf={(k) => `points:goods.kind_${k}`} />
        )
      }
    >
      {content()}
      <RedeemModal goods={items} balance={balance} symbol={symbol} keys={keys} onOpenRecords={() => onOpen('records')} />
    </Panel>
  );
};
