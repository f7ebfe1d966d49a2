import { useMutation, useQuery } from '@tanstack/react-query';
import { OpsLotteryClosedNumber, OpsLotteryClosedNumbersValue, OpsLotteryExposureValue, OpsLotteryReopenedValue, type OpsLotteryCloseNumberBody, type OpsLotteryExposureQuery } from '@apsara/contracts';
import { opsKey, opsValue, useRefreshAfterWrite } from './client';

/** How often the risk view reads the picks again while it is open: slips land all the time. */
export const EXPOSURE_REFRESH_MS = 15_000;

/** GET /ops/lottery/exposure?game&number — the picks of draws not yet settled nearest their limit (the site's, or their kind's own), of one lottery and one number when asked. */
export const useOpsLotteryExposure = (only: OpsLotteryExposureQuery = {}) =>
  useQuery({
    queryKey: opsKey('lottery-exposure', only.game ?? '', only.number ?? ''),
    queryFn: () => opsValue('/ops/lottery/exposure', { value: OpsLotteryExposureValue, query: { ...(only.game ? { game: only.game } : {}), ...(only.number ? { number: only.number } : {}) } }),
    refetchInterval: EXPOSURE_REFRESH_MS,
    // Opening the page reads it afresh: a limit changed a moment ago in Settings shows at once.
    refetchOnMount: 'always',
  });

// ---- closed numbers (docs/lottery.md "Closing a number") ----

const CLOSED = opsKey('lottery-closed-numbers');

/** GET /ops/lottery/closed-numbers — every number the site has closed; admin, finance and support. */
export const useOpsClosedNumbers = () =>
  useQuery({ queryKey: CLOSED, queryFn: () => opsValue('/ops/lottery/closed-numbers', { value: OpsLotteryClosedNumbersValue }), refetchOnMount: 'always' });

// The list, the audit log and this tab's portal lottery pages, if it has read them.
const useRefreshClosed = () => useRefreshAfterWrite(CLOSED, ['lottery', 'games']);

/** POST /ops/lottery/closed-numbers — admin; audited. */
export const useCloseNumber = () => {
  const refresh = useRefreshClosed();
  // Settled, not only succeeded: a refusal (closed by another admin a moment ago) reads the list again too.
  return useMutation({ mutationFn: (body: OpsLotteryCloseNumberBody) => opsValue('/ops/lottery/closed-numbers', { method: 'POST', body, value: OpsLotteryClosedNumber }), onSettled: refresh });
};

/** DELETE /ops/lottery/closed-numbers/:id — admin; audited. */
export const useReopenNumber = () => {
  const refresh = useRefreshClosed();
  return useMutation({ mutationFn: (id: string) => opsValue(`/ops/lottery/closed-numbers/${encodeURIComponent(id)}`, { method: 'DELETE', value: OpsLotteryReopenedValue }), onSettled: refresh });
};
