import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { WalletTransferValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useLoginState } from '../../../lib/session';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { recoverParam, withoutRecover } from '../logic/recover-on-return';

/**
 * Back from a transfer-wallet vendor's game (`?recover=<vendor>`): the money the launch moved there
 * comes home to the main wallet ("recover all", one fresh key), so the header shows it again. The
 * marker is removed from the address first. A sweep that fails leaves the money in the game wallet,
 * where the wallet page shows it and offers the same recover.
 */
export const useRecoverOnReturn = () => {
  const { isLogin, isTrial } = useLoginState();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const vendor = recoverParam(params);

  useEffect(() => {
    if (!vendor) return;
    setParams((current) => withoutRecover(current), { replace: true });
    if (!isLogin || isTrial) return;
    apiValue('/wps/relay/GCS_walletTransfer', { method: 'POST', body: { recoverAll: true, idempotencyKey: newIdempotencyKey('return') }, value: WalletTransferValue })
      .then(() => queryClient.invalidateQueries({ queryKey: ['member'] }))
      .catch(() => undefined);
    // Once per marker: the effect must not run again for the same return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vendor]);
};
