import { describe, expect, it } from 'vitest';
import type { Promotion, PromotionMine } from '@apsara/contracts';
import { isClaimable, isWaitingForDeposit, promoAction } from './action';

type P = Pick<Promotion, 'phase' | 'mechanic' | 'repeat' | 'mine'> & Partial<Pick<Promotion, 'envelopesLeft'>>;
const mine = (m: Partial<PromotionMine>): PromotionMine => ({ state: 'join', ready: true, depositNeeded: null, claimId: null, bonus: null, reviewRemark: null, ...m });
const deposit = (m: Partial<PromotionMine> | null, phase: P['phase'] = 'in_progress'): P => ({ phase, mechanic: 'deposit', repeat: 'once', mine: m && mine(m) });
const apply = (m: Partial<PromotionMine> | null, phase: P['phase'] = 'in_progress'): P => ({ phase, mechanic: 'apply', repeat: 'once', mine: m && mine(m) });
const raffle = (m: Partial<PromotionMine> | null, phase: P['phase'] = 'in_progress'): P => ({ phase, mechanic: 'raffle', repeat: 'daily', mine: m && mine(m) });
const envelope = (m: Partial<PromotionMine> | null, envelopesLeft = 5): P => ({ phase: 'in_progress', mechanic: 'envelope', repeat: 'daily', envelopesLeft, mine: m && mine(m) });

describe('the action of a promotion card', () => {
  it("opens a red envelope once the day's deposit is in, says what it held, and says when the day's are gone", () => {
    expect(promoAction(envelope(null))).toEqual({ kind: 'login' });
    expect(promoAction(envelope({ state: 'claim', ready: false, depositNeeded: '10.00' }))).toEqual({ kind: 'deposit', amount: '10.00', then: 'open' });
    expect(promoAction(envelope({ state: 'claim', ready: true }))).toEqual({ kind: 'open' });
    expect(isClaimable(promoAction(envelope({ state: 'claim', ready: true })))).toBe(true);
    expect(promoAction(envelope({ state: 'claim', ready: false }, 0))).toEqual({ kind: 'status', label: 'envelopes_gone', bonus: null });
    // What the member opened today stands even when the rest are gone.
    expect(promoAction(envelope({ state: 'claimed', bonus: '4.72' }, 0))).toEqual({ kind: 'status', label: 'opened_today', bonus: '4.72' });
  });

  it('asks a visitor to log in, but not for a promotion that has not started or has ended', () => {
    expect(promoAction(deposit(null))).toEqual({ kind: 'login' });
    expect(promoAction(raffle(null))).toEqual({ kind: 'login' });
    expect(promoAction(deposit(null, 'coming_soon'))).toEqual({ kind: 'status', label: 'soon', bonus: null });
    expect(promoAction(apply(null, 'closed'))).toEqual({ kind: 'status', label: 'ended', bonus: null });
  });

  it('walks a deposit promotion: join, deposit, claim, claimed', () => {
    expect(promoAction(deposit({ state: 'join' }))).toEqual({ kind: 'join' });
    expect(promoAction(deposit({ state: 'join', ready: false }))).toEqual({ kind: 'status', label: 'first_deposit_only', bonus: null });
    expect(promoAction(deposit({ state: 'signed_up', ready: false, depositNeeded: '50.00' }))).toEqual({ kind: 'deposit', amount: '50.00', then: 'claim' });
    expect(promoAction(deposit({ state: 'claim', ready: false, depositNeeded: '20.00' }))).toEqual({ kind: 'deposit', amount: '20.00', then: 'claim' });
    expect(promoAction(deposit({ state: 'signed_up', ready: false }))).toEqual({ kind: 'status', label: 'signed_up', bonus: null });
    expect(promoAction(deposit({ state: 'claim', ready: true, bonus: '188.00' }))).toEqual({ kind: 'claim', bonus: '188.00' });
    expect(promoAction(deposit({ state: 'claimed', bonus: '188.00' }))).toEqual({ kind: 'status', label: 'claimed', bonus: '188.00' });
  });

  it('walks an application: apply, applying, issued or rejected', () => {
    expect(promoAction(apply({ state: 'join' }))).toEqual({ kind: 'apply' });
    expect(promoAction(apply({ state: 'applying' }))).toEqual({ kind: 'status', label: 'applying', bonus: null });
    expect(promoAction(apply({ state: 'issued', bonus: '50.00' }))).toEqual({ kind: 'status', label: 'issued', bonus: '50.00' });
    expect(promoAction(apply({ state: 'rejected', reviewRemark: 'No screenshot' }))).toEqual({ kind: 'status', label: 'rejected', bonus: null });
  });

  it("spins a raffle once the day's deposit is in, and says when it was spun today", () => {
    expect(promoAction(raffle({ state: 'claim', ready: false, depositNeeded: '20.00' }))).toEqual({ kind: 'deposit', amount: '20.00', then: 'spin' });
    expect(promoAction(raffle({ state: 'claim', ready: true }))).toEqual({ kind: 'spin' });
    expect(promoAction(raffle({ state: 'join', ready: true }))).toEqual({ kind: 'spin' });
    expect(promoAction(raffle({ state: 'claimed', bonus: '5.88' }))).toEqual({ kind: 'status', label: 'claimed_today', bonus: '5.88' });
  });

  it("keeps the member's record after the end, and offers nothing new then", () => {
    expect(promoAction(apply({ state: 'issued', bonus: '8.00' }, 'closed'))).toEqual({ kind: 'status', label: 'issued', bonus: '8.00' });
    expect(promoAction(apply({ state: 'applying' }, 'closed'))).toEqual({ kind: 'status', label: 'applying', bonus: null });
    expect(promoAction(deposit({ state: 'join' }, 'closed'))).toEqual({ kind: 'status', label: 'ended', bonus: null });
    expect(promoAction(deposit({ state: 'signed_up', ready: false, depositNeeded: '50.00' }, 'closed'))).toEqual({ kind: 'status', label: 'ended', bonus: null });
    expect(promoAction(raffle({ state: 'claim' }, 'coming_soon'))).toEqual({ kind: 'status', label: 'soon', bonus: null });
  });

  it('still offers a deposit bonus earned while the promotion ran, after it closed', () => {
    expect(promoAction(deposit({ state: 'claim', ready: true, bonus: '30.00' }, 'closed'))).toEqual({ kind: 'claim', bonus: '30.00' });
    expect(promoAction(deposit({ state: 'signed_up', ready: false }, 'closed'))).toEqual({ kind: 'status', label: 'ended', bonus: null });
    expect(promoAction(raffle({ state: 'claim', ready: true }, 'closed'))).toEqual({ kind: 'status', label: 'ended', bonus: null });
  });

  it('shows a state it cannot act on as unavailable', () => {
    expect(promoAction(deposit({ state: null }))).toEqual({ kind: 'status', label: 'unavailable', bonus: null });
    expect(promoAction(raffle({ state: 'claim', ready: false }))).toEqual({ kind: 'status', label: 'unavailable', bonus: null });
  });

  it('counts only what can be taken now as claimable', () => {
    expect(isClaimable({ kind: 'claim', bonus: null })).toBe(true);
    expect(isClaimable({ kind: 'spin' })).toBe(true);
    expect(isClaimable({ kind: 'join' })).toBe(false);
    expect(isClaimable({ kind: 'deposit', amount: '1.00', then: 'spin' })).toBe(false);
    expect(isWaitingForDeposit({ kind: 'deposit', amount: '1.00', then: 'spin' })).toBe(true);
  });
});
