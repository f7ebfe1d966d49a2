import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OpsDepositListValue,
  OpsDepositReviewValue,
  OpsFeedback,
  OpsFeedbackListValue,
  OpsPointOrderDecisionValue,
  OpsPointOrderListValue,
  OpsPromotion,
  OpsPromotionClaimListValue,
  OpsPromotionDecisionValue,
  OpsWithdrawalListValue,
  OpsWithdrawalReviewValue,
} from '@apsara/contracts';
import { z } from 'zod';
import { opsKey, opsValue } from './client';
import type { Decision, Queue } from '../logic/queues';

/*
 * The work queues: one list call per queue (status tab and page) and one call per decision. After
 * a decision every queue and the dashboard's counts are read again.
 */

export type QueueFilter = { status?: string; page: number };

const list = <T>(queue: Queue, path: string, value: z.ZodType<T>, filter: QueueFilter & Record<string, string | number | undefined>) =>
  ({
    queryKey: opsKey('queue', queue, filter),
    queryFn: () => opsValue(path, { query: filter, value }),
    placeholderData: keepPreviousData,
  }) as const;

export const useOpsDeposits = (filter: QueueFilter) => useQuery(list('deposits', '/ops/deposits', OpsDepositListValue, filter));
export const useOpsWithdrawals = (filter: QueueFilter & { confirmation?: string }) => useQuery(list('withdrawals', '/ops/withdrawals', OpsWithdrawalListValue, filter));
export const useOpsPromotionClaims = (filter: QueueFilter) => useQuery(list('promotionClaims', '/ops/promotion-claims', OpsPromotionClaimListValue, filter));
export const useOpsPointOrders = (filter: QueueFilter) => useQuery(list('pointOrders', '/ops/point-orders', OpsPointOrderListValue, filter));
export const useOpsFeedback = (filter: QueueFilter) => useQuery(list('feedback', '/ops/feedback', OpsFeedbackListValue, filter));

/** GET /ops/promotions — each promotion's terms: whether an application's bonus is fixed or set per application. */
export const useOpsPromotions = () =>
  useQuery({ queryKey: opsKey('promotions'), queryFn: () => opsValue('/ops/promotions', { value: z.object({ items: z.array(OpsPromotion) }) }), staleTime: 60_000 });

/** The number of rows a queue's tab holds (the dashboard's counts: one row asked, its total read). */
export const useQueueCount = (queue: Queue, status: string, extra: Record<string, string> = {}) => {
  const path = { deposits: '/ops/deposits', withdrawals: '/ops/withdrawals', promotionClaims: '/ops/promotion-claims', pointOrders: '/ops/point-orders', feedback: '/ops/feedback' }[queue];
  const filter = { status, page: 1, ...extra };
  return useQuery({
    queryKey: opsKey('queue', queue, 'count', filter),
    queryFn: () => opsValue(path, { query: filter, value: z.object({ total: z.number() }).loose() }),
    select: (v) => v.total,
    refetchInterval: 30_000,
  });
};

export type DecisionInput = { note?: string; amount?: string };

const bodyOf = (queue: Queue, decision: Decision, input: DecisionInput): Record<string, string> | undefined => {
  const note = input.note?.trim();
  if (queue === 'feedback') return { reply: note ?? '' };
  if (queue === 'deposits' || queue === 'withdrawals') return note ? { note } : {};
  const body: Record<string, string> = {};
  if (note) body.remark = note;
  if (queue === 'promotionClaims' && decision === 'approve' && input.amount?.trim()) body.amount = input.amount.trim();
  return body;
};

const DECISION_PATHS: Record<Queue, string> = {
  deposits: '/ops/deposits',
  withdrawals: '/ops/withdrawals',
  promotionClaims: '/ops/promotion-claims',
  pointOrders: '/ops/point-orders',
  feedback: '/ops/feedback',
};

const DECISION_VALUES: Record<Queue, z.ZodType<unknown>> = {
  deposits: OpsDepositReviewValue,
  withdrawals: OpsWithdrawalReviewValue,
  promotionClaims: OpsPromotionDecisionValue,
  pointOrders: OpsPointOrderDecisionValue,
  feedback: OpsFeedback,
};

/** The request of a decision: where it goes and what it carries (deposits/withdrawals: note; promotions/points: remark, amount; feedback: reply). */
export const decisionRequest = (queue: Queue, id: string, decision: Decision, input: DecisionInput) => ({
  path: `${DECISION_PATHS[queue]}/${encodeURIComponent(id)}/${decision}`,
  body: bodyOf(queue, decision, input),
});

/** POSTs a decision; afterwards every queue, count and member figure is read again. */
export const useDecide = (queue: Queue) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, input }: { id: string; decision: Decision; input: DecisionInput }) => {
      const { path, body } = decisionRequest(queue, id, decision, input);
      return opsValue(path, { method: 'POST', body, value: DECISION_VALUES[queue] });
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: opsKey('queue') }), client.invalidateQueries({ queryKey: opsKey('members') })]),
  });
};
