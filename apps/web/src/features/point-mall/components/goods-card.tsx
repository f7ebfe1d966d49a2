import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toMinor, type PointBalanceValue, type PointGoods } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { useLocalize } from '../../../i18n/use-localize';
import { formatAmount, formatWhole } from '../../../lib/format';
import { pointsShort, redeemMost } from '../logic/redeem';
import { GoodsArt } from './goods-art';

type Props = { goods: PointGoods; balance: PointBalanceValue | undefined; symbol: string; onRedeem: () => void };

/** The price of one: points, plus the cash part when there is one. */
export const GoodsPrice = ({ goods, symbol }: { goods: Pick<PointGoods, 'points' | 'amount'>; symbol: string }) => {
  const { t } = useTranslation('points');
  return (
    <span className="pm-price">
      <Icon name="gem" size={16} />
      <span className="pm-price__points num">{t('goods.points_price', { count: goods.points, points: formatWhole(goods.points) })}</span>
      {toMinor(goods.amount) > 0n && <span className="pm-price__cash num">{t('goods.plus_cash', { amount: formatAmount(goods.amount, { symbol }) })}</span>}
    </span>
  );
};

/** Why a good cannot be redeemed now, in words (sold out, points or money missing); null when it can. */
export const useRedeemBlock = (goods: PointGoods, balance: PointBalanceValue | undefined, symbol: string): string | null => {
  const { t } = useTranslation('points');
  if (!balance) return null;
  const { most, stop } = redeemMost(goods, balance);
  if (most > 0) return null;
  if (stop === 'stock') return t('goods.sold_out');
  if (stop === 'cash') return t('goods.need_cash', { amount: formatAmount(goods.amount, { symbol }) });
  if (stop === 'limit') return t('goods.limit_reached', { count: goods.limitPerMember ?? 0 });
  const short = pointsShort(goods, balance.points);
  return t('goods.need_more', { count: short, points: formatWhole(short) });
};

/**
 * One good on the shelf (spec §3 "Goods"): its artwork, name and description, price, what is left of
 * its stock and the limit per member, and the way to redeem it, or why it cannot be redeemed now.
 */
export const GoodsCard = ({ goods, balance, symbol, onRedeem }: Props) => {
  const { t } = useTranslation('points');
  const localize = useLocalize();
  const titleId = useId();
  const noteId = useId();
  const soldOut = goods.remaining <= 0;
  const blocked = useRedeemBlock(goods, balance, symbol);
  // Sold out says so on the artwork and the button; other reasons stand above the button.
  const note = soldOut ? null : blocked;
  const left = goods.stock > 0 ? Math.round((goods.remaining / goods.stock) * 100) : 0;

  return (
    <article className={`pm-goods${soldOut ? ' is-sold-out' : ''}`} aria-labelledby={titleId}>
      <div className="pm-goods__art">
        <GoodsArt art={goods.art} className="pm-goods__svg" />
        <span className={`pm-goods__kind pm-goods__kind--${goods.kind}`}>{t(`goods.kind_${goods.kind}`)}</span>
        {soldOut && <span className="pm-goods__ribbon">{t('goods.sold_out')}</span>}
      </div>
      <div className="pm-goods__body">
        <h3 id={titleId} className="pm-goods__name">
          {localize(goods.name)}
        </h3>
        {goods.description && <p className="pm-goods__desc">{localize(goods.description)}</p>}
        <p className="pm-goods__price">
          <GoodsPrice goods={goods} symbol={symbol} />
        </p>
        <div className="pm-stock">
          <div className="pm-stock__bar" aria-hidden="true">
            <span style={{ width: `${left}%` }} />
          </div>
          <p className="pm-stock__text">
            <span className="num">{soldOut ? t('goods.sold_out') : t('goods.left', { remaining: formatWhole(goods.remaining), stock: formatWhole(goods.stock) })}</span>
            <span>{goods.limitPerMember === null ? t('goods.no_limit') : t('goods.limit', { count: goods.limitPerMember })}</span>
          </p>
        </div>
        {note && (
          <p id={noteId} className="pm-goods__note">
            <Icon name="info" size={14} />
            {note}
          </p>
        )}
        <button
          type="button"
          className={`btn ${soldOut || note ? 'btn--ghost' : 'btn--gold'} btn--block pm-goods__cta`}
          disabled={!balance || blocked !== null}
          aria-describedby={note ? noteId : undefined}
          onClick={onRedeem}
        >
          {soldOut ? t('goods.sold_out') : t('goods.redeem')}
        </button>
      </div>
    </article>
  );
};
