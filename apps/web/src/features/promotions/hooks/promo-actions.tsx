import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Promotion, PromotionActionValue } from '@apsara/contracts';
import { openModal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api';
import { sendWithKey, type KeyKeeper } from '../../../lib/idempotency';
import { isTrialError } from '../../../lib/server-errors';
import { useShellActions } from '../../../lib/shell-actions';
import { useKeyKeeper } from '../../../lib/use-key-keeper';
import { claimPromotion, joinPromotion, useAfterAction, useRefreshPromotions } from '../api/promotions';
import { promoAction } from '../logic/action';

/** The popups of the hall, by their store names. */
export const PROMO_MODAL = { detail: 'promo-detail', apply: 'promo-apply', raffle: 'promo-raffle', envelope: 'promo-envelope', result: 'promo-result' } as const;

/** What the result popup shows: the step that was taken and the server's answer to it. */
export type ResultProps = { step: 'join' | 'claim' | 'apply'; result: PromotionActionValue };

type PromoActions = {
  /** Takes a promotion's one action (join, claim, apply, spin, open), behind the login and trial guards. */
  run: (p: Promotion) => void;
  /** The promotion whose join or claim is on its way; its buttons show a spinner and take no click. */
  busy: string | null;
  /** Opens the rules popup of a promotion (and puts it in the address). */
  openDetail: (id: string) => void;
  /** The keys of applications, raffle draws and red envelopes, kept as long as the hall: a retry after no answer reuses its key. */
  applyKeys: KeyKeeper;
  raffleKeys: KeyKeeper;
  envelopeKeys: KeyKeeper;
  /** Puts a refused call's reason before the member, in their language (the server's words). */
  showError: (e: unknown) => void;
  symbol: string;
};

const PromoActionsContext = createContext<PromoActions | null>(null);

export const usePromoActions = () => {
  const value = useContext(PromoActionsContext);
  if (!value) throw new Error('usePromoActions outside the promotion hall');
  return value;
};

/**
 * The hall's actions. Join and claim are sent from the card or the rules popup at once (one at a time:
 * a second click while one is on its way does nothing, and a retry after no answer reuses the key, so
 * a double click makes one record); apply, spin and open have their popups. Visitors get the login popup and
 * trial accounts the 'in_need_true_account' notice first (spec §5 action guards).
 */
export const PromoActionsProvider = ({ symbol, openDetail, children }: { symbol: string; openDetail: (id: string) => void; children: ReactNode }) => {
  const { guard, showTrialNotice, showError: showFailure } = useShellActions();
  const joinKeys = useKeyKeeper('prj');
  const claimKeys = useKeyKeeper('prc');
  const applyKeys = useKeyKeeper('pra');
  const raffleKeys = useKeyKeeper('prr');
  const envelopeKeys = useKeyKeeper('pre');
  const after = useAfterAction();
  const refresh = useRefreshPromotions();
  const [busy, setBusy] = useState<string | null>(null);
  const inFlight = useRef<string | null>(null);

  const showError = useCallback(
    (e: unknown) => {
      if (isTrialError(e)) return showTrialNotice();
      // Worded at each render of the dialog: the message follows a language switch.
      showFailure(e, 'promotions:errors.failed');
      // A refusal about the promotion (ended, taken, not ready) says the page is out of date.
      if (isApiError(e) && e.code.startsWith('PROMOTION_')) void refresh();
    },
    [showFailure, showTrialNotice, refresh],
  );

  const send = useCallback(
    async (p: Promotion, step: 'join' | 'claim') => {
      if (inFlight.current) return;
      inFlight.current = p.id;
      setBusy(p.id);
      try {
        const call = step === 'join' ? joinPromotion : claimPromotion;
        const result = await sendWithKey(step === 'join' ? joinKeys : claimKeys, { promotionId: p.id }, (key) => call(p.id, key));
        void after(result);
        openModal(PROMO_MODAL.result, { step, result } satisfies ResultProps);
      } catch (e) {
        showError(e);
      } finally {
        inFlight.current = null;
        setBusy(null);
      }
    },
    [joinKeys, claimKeys, after, showError],
  );

  const run = useCallback(
    (p: Promotion) => {
      const action = promoAction(p);
      switch (action.kind) {
        case 'login':
          guard();
          return;
        case 'join':
        case 'claim':
          guard(() => void send(p, action.kind as 'join' | 'claim'));
          return;
        case 'apply':
          guard(() => openModal(PROMO_MODAL.apply, { id: p.id, opened: Date.now() }));
          return;
        case 'spin':
          guard(() => openModal(PROMO_MODAL.raffle, { id: p.id, opened: Date.now() }));
          return;
        case 'open':
          guard(() => openModal(PROMO_MODAL.envelope, { id: p.id, opened: Date.now() }));
          return;
        default:
      }
    },
    [guard, send],
  );

  const value = useMemo(
    () => ({ run, busy, openDetail, applyKeys, raffleKeys, envelopeKeys, showError, symbol }),
    [run, busy, openDetail, applyKeys, raffleKeys, envelopeKeys, showError, symbol],
  );
  return <PromoActionsContext.Provider value={value}>{children}</PromoActionsContext.Provider>;
};
