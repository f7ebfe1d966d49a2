import { useQuery } from '@tanstack/react-query';
import { OpsLotteryExposureValue } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/** How often the risk view reads the picks again while it is open: slips land all the time. */
export const EXPOSURE_REFRESH_MS = 15_000;

/** GET /ops/lottery/exposure — the picks of draws not yet settled nearest their limit (the site's, or their kind's own). */
export const useOpsLotteryExposure = () =>
  useQuery({
    queryKey: opsKey('lottery-exposure'),
    queryFn: () => opsValue('/ops/lottery/exposure', { value: OpsLotteryExposureValue }),
    refetchInterval: EXPOSURE_REFRESH_MS,
    // Opening the page reads it afresh: a limit changed a moment ago in Settings shows at once.
    refetchOnMount: 'always',
  });
