import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsPromotion, type OpsPromotionBody, type OpsPromotionPatch } from '@apsara/contracts';
import { z } from 'zod';
import { opsKey, opsValue } from './client';

/*
 * Promotions (docs/promotions.md): the site's list (the same query the applications queue reads for
 * each promotion's terms, api/queues.ts) and an admin's writes. After a write the list and the audit
 * log are read again.
 */

const OpsPromotionList = z.object({ items: z.array(OpsPromotion) });
type OpsPromotionList = z.infer<typeof OpsPromotionList>;

/**
 * GET /ops/promotions — every promotion of the site, shown or not, in the hall's order, with
 * applications waiting; read again on opening the page. `keep` narrows the list on screen.
 */
export const usePromotionList = (keep?: (p: OpsPromotion) => boolean) =>
  useQuery({
    queryKey: opsKey('promotions'),
    queryFn: () => opsValue('/ops/promotions', { value: OpsPromotionList }),
    refetchOnMount: 'always',
    select: keep ? (v: OpsPromotionList) => ({ items: v.items.filter(keep) }) : undefined,
  });

const useRefresh = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: opsKey('promotions') }), client.invalidateQueries({ queryKey: opsKey('audit') })]);
};

/** POST /ops/promotions — its code, mechanic and money terms are fixed once created. */
export const useCreatePromotion = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: OpsPromotionBody) => opsValue('/ops/promotions', { method: 'POST', body, value: OpsPromotion }), onSuccess: refresh });
};

/** PATCH /ops/promotions/:id — words, picture, category, schedule, order; `{ visible: false }` takes it out of the hall. */
export const usePatchPromotion = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpsPromotionPatch }) => opsValue(`/ops/promotions/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, value: OpsPromotion }),
    onSettled: refresh,
  });
};
