import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DepositChannel } from '@apsara/contracts';
import { Icon } from '../../../../components/ui/icons/icons';
import { formatAmount } from '../../../../lib/format';
import { getDeposits } from '../../api/deposit';
import { MEMBER_KEYS, useInvalidateMoney } from '../../../../lib/member-keys';
import { useDeadlineRefresh } from '../../hooks/use-deadline-refresh';
import { useTimeZone } from '../../../../lib/use-time-zone';
import { formatDateTime } from '../../../../lib/format-time';
import { gmtLabel } from '../../../../lib/date-range';
import { StatusBadge } from '../common/status-badge';
import { depositBadge, PayNowLink, useChannelName } from './deposit-list';

const POLL_MS = 3000;
/** The provider's callback normally lands within seconds; after this the page stops asking. */
const POLL_FOR_MS = 3 * 60 * 1000;

/**
 * Back from the payment page at /member/depositv2?order=<id>: that order's status, followed until
 * the provider's answer has been recorded (the order is the newest, so it is on the first page).
 */
export const OrderStatus = ({ channels, symbol, onChannel }: { channels: DepositChannel[]; symbol: string; onChannel?: (channelId: string) => void }) => {
  const { t } = useTranslation('member');
  const zone = useTimeZone();
  const channelName = useChannelName(channels);
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const invalidate = useInvalidateMoney();
  const [startedAt] = useState(() => Date.now());
  const query = useQuery({
    queryKey: [...MEMBER_KEYS.deposits, 'order', orderId],
    queryFn: async () => (await getDeposits({ page: 1 })).items.find((d) => d.id === orderId) ?? null,
    enabled: Boolean(orderId),
    refetchInterval: (q) => (q.state.data?.status === 'pending' && Date.now() - startedAt < POLL_FOR_MS ? POLL_MS : false),
  });
  const order = query.data;
  useDeadlineRefresh([order?.status === 'pending' ? order.expiresAt : null]);
  // Back from the payment page: the method the member was using stays chosen (to try again, say).
  const channelId = order?.channelId;
  useEffect(() => {
    if (channelId) onChannel?.(channelId);
  }, [channelId, onChannel]);

  // The money landed: balances everywhere move.
  useEffect(() => {
    if (order?.status === 'approved') void invalidate();
  }, [order?.status, invalidate]);

  if (!orderId) return null;
  const dismiss = () => {
    params.delete('order');
    setParams(params, { replace: true });
  };
  // As the member sees it: a pending order past its deadline is expired already (the job records it within a minute).
  const shown = order ? depositBadge(order) : undefined;
  const state = shown === 'awaiting_payment' ? 'pending' : shown;
  const tone = state === 'approved' ? 'ok' : state === 'rejected' || state === 'expired' ? 'bad' : 'pending';

  return (
    <section className={`mc-order mc-order--${order ? tone : 'pending'}`} aria-live="polite" aria-labelledby="mc-order-title">
      <span className="mc-order__icon" aria-hidden="true">
        <Icon name={tone === 'ok' ? 'check' : tone === 'bad' ? 'alert' : 'clock'} size={22} />
      </span>
      <div className="mc-order__body">
        <h2 id="mc-order-title" className="mc-order__title">
          {t('deposit.order_title', { id: orderId })}
        </h2>
        {query.isPending ? (
          <p className="mc-order__text">{t('deposit.order_checking')}</p>
        ) : query.isError || !order ? (
          <p className="mc-order__text">{t('deposit.order_unknown')}</p>
        ) : (
          <p className="mc-order__text">
            <StatusBadge kind="deposit" status={shown!} />{' '}
            <span className="num">{formatAmount(order.amount, { symbol })}</span> · {channelName(order)}
            <span className="mc-order__hint"> {t(`deposit.order_${state}`)}</span>
            {state === 'pending' && order.expiresAt && <span className="mc-order__hint"> {t('deposit.pay_by', { time: `${formatDateTime(order.expiresAt, zone)} (${gmtLabel(zone)})` })}</span>}
            {' '}
            <PayNowLink order={order} />
          </p>
        )}
      </div>
      <button type="button" className="mc-order__close" aria-label={t('common.dismiss')} onClick={dismiss}>
        <Icon name="close" size={18} />
      </button>
    </section>
  );
};
