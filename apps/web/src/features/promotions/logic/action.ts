import type { Promotion } from '@apsara/contracts';

/** The member center's deposit page, where a "deposit more" note leads. */
export const DEPOSIT_PATH = '/member/depositv2';
/** The member center's bonus record, where a paid bonus and its turnover are followed. */
export const BONUS_PATH = '/member/bonusDetails';

/** Words of a card whose promotion takes no action now: why not, or what became of the member's part. */
export type StatusLabel = 'soon' | 'ended' | 'signed_up' | 'applying' | 'rejected' | 'issued' | 'claimed' | 'claimed_today' | 'first_deposit_only' | 'envelopes_gone' | 'opened_today' | 'unavailable';

/**
 * What a promotion's card offers (spec §4 "Promotion activity states"):
 * - login: a visitor is asked to log in first;
 * - join (deposit promotions), apply (applications), claim (a deposit bonus ready), spin (the day's raffle),
 *   open (the day's red envelope);
 * - deposit: not ready yet, the member must deposit `amount` more (a deposit bonus, a raffle, an envelope);
 * - status: nothing to do now, and the words why (coming soon, ended, applying, issued …) with the bonus when there is one.
 */
export type PromoAction =
  | { kind: 'login' }
  | { kind: 'join' }
  | { kind: 'apply' }
  | { kind: 'claim'; bonus: string | null }
  | { kind: 'spin' }
  | { kind: 'open' }
  | { kind: 'deposit'; amount: string; then: 'claim' | 'spin' | 'open' }
  | { kind: 'status'; label: StatusLabel; bonus: string | null };

const status = (label: StatusLabel, bonus: string | null = null): PromoAction => ({ kind: 'status', label, bonus });

/** Records that stand whatever the phase: the member's part in it, as it ended or waits. */
const RECORDS = new Set(['applying', 'rejected', 'issued', 'claimed']);

/**
 * The one action of a card, from the promotion's phase and the member's place in it. A record of the
 * member's (applying, rejected, issued, claimed) is shown even after the promotion ended; a raffle's
 * claim is for the day, so it reads "claimed today".
 */
export const promoAction = (p: Pick<Promotion, 'phase' | 'mechanic' | 'repeat' | 'mine'> & Partial<Pick<Promotion, 'envelopesLeft'>>): PromoAction => {
  if (p.phase === 'coming_soon') return status('soon');
  const mine = p.mine;
  if (!mine) return p.phase === 'closed' ? status('ended') : { kind: 'login' };
  const { state } = mine;
  if (state && RECORDS.has(state)) {
    if (state === 'claimed') return status(p.mechanic === 'envelope' ? 'opened_today' : p.repeat === 'daily' ? 'claimed_today' : 'claimed', mine.bonus);
    return status(state as StatusLabel, state === 'issued' ? mine.bonus : null);
  }
  // A deposit made while a promotion ran may still be claimed after it closed; nothing else is offered then.
  if (p.phase === 'closed') return state === 'claim' && mine.ready && p.mechanic === 'deposit' ? { kind: 'claim', bonus: mine.bonus } : status('ended');
  const then = p.mechanic === 'raffle' ? 'spin' : p.mechanic === 'envelope' ? 'open' : 'claim';
  // The day's red envelopes all opened: no deposit would bring one back today.
  if (p.mechanic === 'envelope' && p.envelopesLeft === 0) return status('envelopes_gone');
  // An application is joined by applying; a deposit promotion by signing up before the deposit. A
  // raffle has nothing to join: its first step is the day's spin, as for `claim`.
  if (state === 'join' && p.mechanic === 'apply') return { kind: 'apply' };
  // Not ready to join: a first-deposit promotion for a member who has deposited before.
  if (state === 'join' && p.mechanic === 'deposit') return mine.ready ? { kind: 'join' } : status('first_deposit_only');
  if (state === 'join' || state === 'claim' || state === 'signed_up') {
    if (mine.ready) return then === 'claim' ? { kind: 'claim', bonus: mine.bonus } : { kind: then };
    if (mine.depositNeeded) return { kind: 'deposit', amount: mine.depositNeeded, then };
    return status(state === 'signed_up' ? 'signed_up' : 'unavailable');
  }
  return status('unavailable');
};

/** Whether the member can take a bonus from it this moment (the claim hall's top list, the menu badge). */
export const isClaimable = (action: PromoAction) => action.kind === 'claim' || action.kind === 'spin' || action.kind === 'open';

/** Whether the member is one deposit away from a bonus (the claim hall lists these after the ready ones). */
export const isWaitingForDeposit = (action: PromoAction) => action.kind === 'deposit';
