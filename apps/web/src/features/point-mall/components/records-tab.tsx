import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_ORDER_KINDS, POINT_ORDER_STATUSES, toMinor, type PointOrder, type PointOrderKind, type PointOrderStatus } from '@apsara/contracts';
import { Icon } from '../../../components/ui/icons/icons';
import { Panel } from '../../../components/ui/member/panel';
import { RecordTable } from '../../../components/ui/member/record-table';
import { EmptyState } from '../../../components/ui/member/states';
import { StatusFilter } from '../../../components/ui/member/status-filter';
import { useLocalize } from '../../../i18n/use-localize';
import { gmtLabel } from '../../../lib/date-range';
import { formatAmount, formatWhole } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { useTimeZone } from '../../../lib/use-time-zone';
import { usePointOrders } from '../api/points';
import type { PointTab } from '../logic/tabs';
import { GoodsArt } from './goods-art';
import { OrderStatus } from './order-status';

const isStatus = (v: string | null): v is PointOrderStatus => POINT_ORDER_STATUSES.includes(v as PointOrderStatus);

type Props = {
  /** The status filter, from the address (`?tab=records&status=applying` links straight to it). */
  status: string | null;
  onOpen: (tab: PointTab, extra?: Record<string, string>) => void;
  symbol: string;
};

/**
 * Redemption records (spec §3: transaction number, application time, exchange type, goods name,
 * quantity, status, remark), newest first, 20 a page; rows on wide screens, cards on phones.
 */
export const RecordsTab = ({ status: param, onOpen, symbol }: Props) => {
  const { t } = useTranslation('points');
  const status = isStatus(param) ? param : undefined;
  const [kind, setKind] = useState<PointOrderKind | undefined>();
  // Another filter starts again at its first page, whichever way it changed (a toggle, the points card's link).
  const filters = `${status ?? ''}|${kind ?? ''}`;
  const [paging, setPaging] = useState({ filters, page: 1 });
  const page = paging.filters === filters ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filters, page: next });
  const list = usePointOrders({ page, status, kind });
  const zone = useTimeZone();
  const row = useOrderRow(zone, symbol);

  return (
    <Panel
      id="pm-records"
      title={t('records.title')}
      icon="receipt"
      actions={
        <div className="pm-filters">
          <StatusFilter
            statuses={POINT_ORDER_KINDS}
            value={kind}
            label={t('records.filter_kind')}
            labelKeyOf={(k) => `points:records.type_${k}`}
            onChange={setKind}
          />
          <StatusFilter
            statuses={POINT_ORDER_STATUSES}
            value={status}
            label={t('records.filter_status')}
            labelKeyOf={(s) => `points:status.${s}`}
            onChange={(s) => onOpen('records', s ? { status: s } : {})}
          />
        </div>
      }
    >
      <RecordTable
        list={list}
        caption={t('records.title')}
        className="pm-table pm-table--records"
        cardsBelow={720}
        head={
          <>
            <th scope="col">{t('records.col_number_time', { zone: gmtLabel(zone) })}</th>
            <th scope="col">{t('records.col_type')}</th>
            <th scope="col">{t('records.col_item')}</th>
            <th scope="col" className="mc-num">
              {t('records.col_points')}
            </th>
            <th scope="col" className="mc-num">
              {t('records.col_cash')}
            </th>
            <th scope="col">{t('records.col_status')}</th>
          </>
        }
        row={row}
        empty={
          <EmptyState
            icon="receipt"
            title={status || kind ? t('records.none_filtered') : t('records.none_title')}
            text={t('records.none_text')}
            compact
            action={
              <button type="button" className="btn btn--gold btn--sm" onClick={() => onOpen('goods')}>
                <Icon name="gift" size={16} />
                {t('records.browse')}
              </button>
            }
          />
        }
        page={page}
        onPage={setPage}
        pagesLabel={t('records.pages')}
      />
    </Panel>
  );
};

/** One record as a table row (a card on phones), with the site's remark under its status. */
const useOrderRow = (zone: string, symbol: string) => {
  const { t } = useTranslation('points');
  const localize = useLocalize();
  // Points are signed as the member sees them: a conversion gained them, a redemption spent them. A
  // rejected redemption gave both back: its figures are struck through.
  return (o: PointOrder) => (
    <tr key={o.id} className={o.status === 'rejected' ? 'pm-row--void' : undefined}>
      <td data-label={t('records.col_number')}>
        <strong className="num">{o.number}</strong>
        <span className="mc-sub num">{formatDateTime(o.createdAt, zone)}</span>
      </td>
      <td data-label={t('records.col_type')}>{t(`records.type_${o.kind}`)}</td>
      <td data-label={t('records.col_item')}>
        {o.kind === 'goods' && o.goodsName ? (
          <span className="pm-item">
            {o.goodsArt && <GoodsArt art={o.goodsArt} className="pm-item__art" />}
            <span>
              {localize(o.goodsName)} <span className="pm-item__qty num">{t('records.quantity', { count: o.quantity })}</span>
              {o.address && <span className="mc-sub">{t('records.deliver_to', { address: o.address })}</span>}
            </span>
          </span>
        ) : (
          t('records.item_convert')
        )}
      </td>
      <td data-label={t('records.col_points')} className={`mc-num num ${o.kind === 'convert' ? 'mc-amount--in' : 'mc-amount--out'}`}>
        {o.kind === 'convert' ? '+' : '-'}
        {formatWhole(o.points)}
      </td>
      <td data-label={t('records.col_cash')} className="mc-num num">
        {toMinor(o.amount) > 0n ? formatAmount(o.amount, { symbol }) : '—'}
      </td>
      <td data-label={t('records.col_status')}>
        <OrderStatus status={o.status} />
        {o.remark && <span className="mc-sub pm-remark">{t('records.remark', { remark: o.remark })}</span>}
        {o.decidedAt && <span className="mc-sub num">{t('records.decided_at', { time: formatDateTime(o.decidedAt, zone) })}</span>}
      </td>
    </tr>
  );
};
