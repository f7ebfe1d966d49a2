import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { LotteryGameCode, LotterySlipValue } from '@apsara/contracts';
import { isApiError } from '../../../lib/api';
import { sendWithKey } from '../../../lib/idempotency';
import { useInvalidateMoney } from '../../../lib/member-keys';
import { isTrialError } from '../../../lib/server-errors';
import { useShellActions } from '../../../lib/shell-actions';
import { useKeyKeeper } from '../../../lib/use-key-keeper';
import { LOTTERY_KEYS, placeSlip } from '../api/lottery';
import { slipFieldErrors, toBetInputs, type Selection } from '../logic/slip';

export const DRAW_CLOSED = 'LOTTERY_DRAW_CLOSED';

/** A pick the draw takes no more of (LOTTERY_NUMBER_LIMIT, LOTTERY_NUMBER_FULL): its bet, and the most that may still go on it. */
export type PickLimit = { index: number; pick: string; room: string };

/**
 * A refusal to show on the slip: the server's words (in the member's language), by bet where it names
 * one; picks over the site's limit come as data, worded by the slip itself at each bet.
 */
export type SlipProblem = { message: string | null; byBet: Record<number, string>; code: string; funds: boolean; limits: PickLimit[] };

const LIMIT_CODES = new Set(['LOTTERY_NUMBER_LIMIT', 'LOTTERY_NUMBER_FULL']);

/** The picks over the limit a refusal lists, checked (anything malformed is left out: the server's message stands). */
export const pickLimitsOf = (code: string, data: Record<string, unknown>): PickLimit[] => {
  if (!LIMIT_CODES.has(code) || !Array.isArray(data.limits)) return [];
  return data.limits.filter(
    (l): l is PickLimit => typeof l === 'object' && l !== null && Number.isInteger((l as PickLimit).index) && typeof (l as PickLimit).pick === 'string' && /^\d+\.\d{2}$/.test(String((l as PickLimit).room)),
  );
};

/**
 * Sends a slip with an idempotency key kept across retries of the same slip (a retry after no answer
 * replays the first result instead of taking the stake twice), and refuses a second send while one is
 * under way (a double click makes one slip). Visitors get the login popup and trial accounts the
 * real-account notice before anything is sent. A closed draw is reported, not retried: moving the slip
 * to the next draw is the member's decision.
 */
export const usePlaceSlip = (gameCode: LotteryGameCode, onPlaced: (slip: LotterySlipValue) => void) => {
  const keeper = useKeyKeeper('lot');
  const { guard, showTrialNotice } = useShellActions();
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<SlipProblem | null>(null);
  const [closedDraw, setClosedDraw] = useState<string | null>(null);

  const send = useCallback(
    async (drawNo: string, bets: Selection[]) => {
      busy.current = true;
      setSending(true);
      setProblem(null);
      setClosedDraw(null);
      const fields = { gameCode, drawNo, bets: toBetInputs(bets) };
      try {
        const slip = await sendWithKey(keeper, fields, (idempotencyKey) => placeSlip({ ...fields, idempotencyKey }));
        onPlaced(slip);
        // The header balance follows through the balance stream too; this covers a stream that lags.
        void invalidateMoney();
        void queryClient.invalidateQueries({ queryKey: LOTTERY_KEYS.slips });
      } catch (e) {
        if (!isApiError(e)) {
          setProblem({ message: null, byBet: {}, code: 'UNKNOWN', funds: false, limits: [] });
          return;
        }
        if (isTrialError(e)) {
          showTrialNotice();
          return;
        }
        if (e.code === 'NOT_LOGGED_IN') {
          // lib/api has forgotten the dead token: the guard now opens the login popup.
          guard();
          return;
        }
        if (e.code === DRAW_CLOSED) {
          setClosedDraw(drawNo);
          void queryClient.invalidateQueries({ queryKey: LOTTERY_KEYS.games });
          return;
        }
        if (e.code === 'LOTTERY_NUMBER_CLOSED') {
          // Closed while the page was open: the lottery is read again, and the slip marks those bets itself.
          setProblem({ message: e.message, byBet: {}, code: e.code, funds: false, limits: [] });
          void queryClient.invalidateQueries({ queryKey: LOTTERY_KEYS.games });
          return;
        }
        const { byBet, rest } = slipFieldErrors(e.fields);
        setProblem({ message: rest.length ? rest.join(' ') : Object.keys(byBet).length ? null : e.message, byBet, code: e.code, funds: e.code === 'INSUFFICIENT_FUNDS', limits: pickLimitsOf(e.code, e.data) });
        if (e.code === 'INSUFFICIENT_FUNDS') void invalidateMoney();
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [gameCode, keeper, onPlaced, invalidateMoney, queryClient, showTrialNotice, guard],
  );

  /** Places the slip for `drawNo`; does nothing while a send is under way. */
  const place = useCallback(
    (drawNo: string, bets: Selection[]) => {
      if (busy.current || bets.length === 0) return;
      guard(() => void send(drawNo, bets));
    },
    [guard, send],
  );

  const reset = useCallback(() => {
    setProblem(null);
    setClosedDraw(null);
  }, []);

  return { place, sending, problem, closedDraw, reset };
};
