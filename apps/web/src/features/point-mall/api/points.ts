import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  PointBalanceValue,
  PointConfigValue,
  PointEntryListValue,
  PointGoodsListValue,
  PointOrderListValue,
  PointOrderResultValue,
  type PointConvertBody,
  type PointEntryKind,
  type PointOrderKind,
  type PointOrderStatus,
  type PointRedeemBody,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useInvalidateMoney } from '../../../lib/member-keys';

/*
 * Query keys of the points mall. All start with 'member': logging out drops them, and the live balance
 * stream marks them stale with the member's other money views, so an operator's decision on a
 * redemption (which sends the member a balance event) shows here without a reload.
 */
const pointKey = <N extends string>(name: N) => ['member', 'points', name] as const;
export const POINT_KEYS = {
  all: ['member', 'points'] as const,
  config: pointKey('config'),
  goods: pointKey('goods'),
  balance: pointKey('balance'),
  orders: pointKey('orders'),
  entries: pointKey('entries'),
};

/** While a redemption waits for the site, its list is read again this often (only while shown), in case a balance event is missed. */
export const APPLYING_POLL_MS = 15_000;

/** GET /wps/relay/MCS2_getPointConfig — the site's rules (public): earning, conversion, on or off. */
export const usePointConfig = () =>
  useQuery({ queryKey: POINT_KEYS.config, queryFn: () => apiValue('/wps/relay/MCS2_getPointConfig', { value: PointConfigValue }), staleTime: 60_000 });

/** GET /wps/relay/MCS2_getPointReward — the goods on sale (public; 403 POINTS_DISABLED when the mall is off). */
export const usePointGoods = (enabled = true) =>
  useQuery({ queryKey: POINT_KEYS.goods, queryFn: () => apiValue('/wps/relay/MCS2_getPointReward', { value: PointGoodsListValue }), enabled });

/**
 * GET /wps/relay/MCS2_getPointBalance — points, lifetime earned, redemptions waiting, the money a
 * conversion can use, whether a payment password is set. Read again whenever the mall opens (no grace
 * period): a member back from setting a payment password in the security center must not meet the old answer.
 */
export const usePointBalance = (enabled = true) =>
  useQuery({ queryKey: POINT_KEYS.balance, queryFn: () => apiValue('/wps/relay/MCS2_getPointBalance', { value: PointBalanceValue }), enabled, staleTime: 0 });

export type PointOrderFilter = { page: number; status?: PointOrderStatus; kind?: PointOrderKind };

/** GET /wps/relay/MCS2_getRedeemPointList?page=&status=&kind= — redemption records, 20 a page. */
export const usePointOrders = (filter: PointOrderFilter) =>
  useQuery({
    queryKey: [...POINT_KEYS.orders, filter],
    queryFn: () => apiValue('/wps/relay/MCS2_getRedeemPointList', { query: filter, value: PointOrderListValue }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((o) => o.status === 'applying') ? APPLYING_POLL_MS : false),
  });

export type PointEntryFilter = { page: number; kind?: PointEntryKind };

/** GET /wps/points/details?page=&kind= — every change of the member's points with the balance after it, 20 a page. */
export const usePointEntries = (filter: PointEntryFilter) =>
  useQuery({
    queryKey: [...POINT_KEYS.entries, filter],
    queryFn: () => apiValue('/wps/points/details', { query: filter, value: PointEntryListValue }),
    placeholderData: keepPreviousData,
  });

/** POST /wps/relay/passwordCheck/MCS2_redeemPointReward — goods for points (and their cash part, held until the site decides). */
export const redeemGoods = (body: PointRedeemBody) => apiValue('/wps/relay/passwordCheck/MCS2_redeemPointReward', { method: 'POST', body, value: PointOrderResultValue });

/** POST /wps/relay/passwordCheck/MCS2_convertPoint — cash from the main wallet into points, at once. */
export const convertCash = (body: PointConvertBody) => apiValue('/wps/relay/passwordCheck/MCS2_convertPoint', { method: 'POST', body, value: PointOrderResultValue });

/**
 * After a redemption or a conversion: the answer's points and cash are shown at once, then every view
 * of points and of money (the header balance, the member center's lists) is read again.
 */
export const useAfterPointOrder = () => {
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return useCallback(
    (result: PointOrderResultValue) => {
      queryClient.setQueryData<PointBalanceValue>(POINT_KEYS.balance, (old) => (old ? { ...old, points: result.points, available: result.available } : old));
      return Promise.all([invalidateMoney(), queryClient.invalidateQueries({ queryKey: POINT_KEYS.all })]);
    },
    [queryClient, invalidateMoney],
  );
};
