import { useQuery } from '@tanstack/react-query';
import { OpsLotteryExposureValue, type OpsLotteryExposureQuery } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

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
