import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsPointGoods, OpsPointGoodsListValue, type OpsPointGoodsBody, type OpsPointGoodsPatch } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/* Points-mall goods (docs/points-mall.md): every good, on sale or not, and an admin's writes. */

const ROOT = opsKey('point-goods');

/** GET /ops/point-goods — every good of the site; admin, finance and support. */
export const useOpsPointGoods = () => useQuery({ queryKey: ROOT, queryFn: () => opsValue('/ops/point-goods', { value: OpsPointGoodsListValue }) });

const useRefresh = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ROOT }), client.invalidateQueries({ queryKey: opsKey('audit') })]);
};

/** POST /ops/point-goods — admin; audited. */
export const useCreatePointGoods = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: OpsPointGoodsBody) => opsValue('/ops/point-goods', { method: 'POST', body, value: OpsPointGoods }), onSuccess: refresh });
};

/** PATCH /ops/point-goods/:id — price, limit, order, more stock, on or off sale; admin; audited with before and after. */
export const usePatchPointGoods = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpsPointGoodsPatch }) => opsValue(`/ops/point-goods/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, value: OpsPointGoods }),
    onSettled: refresh,
  });
};
