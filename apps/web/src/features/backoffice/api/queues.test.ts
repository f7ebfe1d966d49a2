import { describe, expect, it } from 'vitest';
import { OpsDepositReviewBody, OpsFeedbackResolveBody, OpsPointOrderDecisionBody, OpsPromotionDecisionBody, OpsWithdrawalReviewBody } from '@apsara/contracts';
import { decisionRequest } from './queues';

describe('decision requests', () => {
  it('posts each decision to its route with the body its contract takes', () => {
    const cases = [
      [decisionRequest('deposits', '12', 'approve', { note: '' }), '/ops/deposits/12/approve', {}, OpsDepositReviewBody],
      [decisionRequest('deposits', '12', 'reject', { note: ' No such transfer ' }), '/ops/deposits/12/reject', { note: 'No such transfer' }, OpsDepositReviewBody],
      [decisionRequest('withdrawals', '7', 'paid', {}), '/ops/withdrawals/7/paid', {}, OpsWithdrawalReviewBody],
      [decisionRequest('promotionClaims', '3', 'approve', { amount: '12.34', note: '' }), '/ops/promotion-claims/3/approve', { amount: '12.34' }, OpsPromotionDecisionBody],
      [decisionRequest('promotionClaims', '3', 'reject', { note: 'Post is private', amount: '5' }), '/ops/promotion-claims/3/reject', { remark: 'Post is private' }, OpsPromotionDecisionBody],
      [decisionRequest('pointOrders', '9', 'reject', { note: 'Out of stock' }), '/ops/point-orders/9/reject', { remark: 'Out of stock' }, OpsPointOrderDecisionBody],
      [decisionRequest('feedback', '4', 'resolve', { note: 'Credited now' }), '/ops/feedback/4/resolve', { reply: 'Credited now' }, OpsFeedbackResolveBody],
    ] as const;
    for (const [request, path, body, schema] of cases) {
      expect(request.path).toBe(path);
      expect(request.body).toEqual(body);
      expect(schema.safeParse(request.body).success, path).toBe(true);
    }
  });
});
