import { describe, expect, it } from 'vitest';
import { BUTTON_ACTION, canAddTier, canRemoveTier, contractButtons, emptyOffer, offerErrorPlace, offerErrors, signingConflicts, toOfferBody, type OfferDraft } from './contracts';

const c = (role: 'received' | 'given', status: 'offered' | 'active' | 'rejected' | 'terminated' | 'withdrawn', terminationRequestedBy: 'upline' | 'holder' | null = null) => ({ role, status, terminationRequestedBy, conflicts: ['sub1'] });

describe('contract buttons', () => {
  it('lets the holder sign or reject an offer, and the upline withdraw it', () => {
    expect(contractButtons(c('received', 'offered'))).toEqual(['sign', 'reject']);
    expect(contractButtons(c('given', 'offered'))).toEqual(['withdraw']);
  });
  it('lets either side ask to end a signed contract, and the other side answer', () => {
    expect(contractButtons(c('received', 'active'))).toEqual(['ask_end']);
    expect(contractButtons(c('given', 'active'))).toEqual(['ask_end']);
    expect(contractButtons(c('received', 'active', 'upline'))).toEqual(['agree_end', 'refuse_end']);
    expect(contractButtons(c('given', 'active', 'holder'))).toEqual(['agree_end', 'refuse_end']);
    // One's own request waits for the other side.
    expect(contractButtons(c('received', 'active', 'holder'))).toEqual([]);
    expect(contractButtons(c('given', 'active', 'upline'))).toEqual([]);
  });
  it('offers nothing on ended contracts', () => {
    for (const s of ['rejected', 'terminated', 'withdrawn'] as const) {
      expect(contractButtons(c('received', s))).toEqual([]);
      expect(contractButtons(c('given', s))).toEqual([]);
    }
  });
  it('sends the relay action of each button', () => {
    expect(BUTTON_ACTION).toEqual({ sign: 'sign', reject: 'reject', withdraw: 'terminate', ask_end: 'terminate', agree_end: 'sign', refuse_end: 'reject' });
  });
  it('warns about conflicts only when the holder signs an offer', () => {
    expect(signingConflicts(c('received', 'offered'), 'sign')).toEqual(['sub1']);
    expect(signingConflicts(c('received', 'offered'), 'reject')).toEqual([]);
    expect(signingConflicts(c('received', 'active', 'upline'), 'agree_end')).toEqual([]);
    expect(signingConflicts(c('given', 'offered'), 'withdraw')).toEqual([]);
  });
});

const draft = (tiers: [string, string, string, string?][], toUsername = 'sub01'): OfferDraft => ({
  toUsername,
  period: 'W',
  tiers: tiers.map(([threshold, minActive, rate, lossRate = '']) => ({ threshold, minActive, rate, lossRate })),
});

describe('offer form', () => {
  it('accepts a valid offer and builds the body of its kind', () => {
    const d = draft([['100', '1', '1.5', '2'], ['500.50', '3', '2']], ' sub01 ');
    expect(offerErrors('daily', d)).toEqual({});
    expect(toOfferBody('daily', d)).toEqual({ kind: 'daily', toUsername: 'sub01', tiers: [{ threshold: '100', minActive: 1, rate: '1.5' }, { threshold: '500.50', minActive: 3, rate: '2' }] });
    expect(toOfferBody('dividend', d).period).toBe('W');
    expect(toOfferBody('realtime', d).tiers[0]).toEqual({ threshold: '100', minActive: 1, rate: '1.5', lossRate: '2' });
  });
  it('names the missing and malformed fields', () => {
    expect(offerErrors('daily', draft([['', '', '']], ''))).toEqual({ toUsername: 'required', 'tiers.0.threshold': 'required', 'tiers.0.minActive': 'required', 'tiers.0.rate': 'required' });
    expect(offerErrors('daily', draft([['0', '1.5', '101']]))).toEqual({ 'tiers.0.threshold': 'money', 'tiers.0.minActive': 'min_active', 'tiers.0.rate': 'rate' });
    expect(offerErrors('daily', draft([['10', '1', '1.234']]))).toEqual({ 'tiers.0.rate': 'rate' });
    expect(offerErrors('realtime', draft([['10', '1', '1']]))).toEqual({ 'tiers.0.lossRate': 'required' });
    expect(offerErrors('daily', draft([['10', '1', '1', 'x']]))).toEqual({});
  });
  it('wants thresholds that rise', () => {
    expect(offerErrors('daily', draft([['100', '1', '1'], ['100', '2', '2'], ['50', '2', '3']]))).toEqual({ 'tiers.1.threshold': 'rising', 'tiers.2.threshold': 'rising' });
  });
  it('keeps 1 to 10 rows', () => {
    const d = emptyOffer();
    expect(canRemoveTier(d)).toBe(false);
    expect(canAddTier(d)).toBe(true);
    const ten = draft(Array.from({ length: 10 }, (_, i) => [String((i + 1) * 10), '0', '1'] as [string, string, string]));
    expect(canAddTier(ten)).toBe(false);
    expect(offerErrors('daily', ten)).toEqual({});
    expect(offerErrors('daily', { ...ten, tiers: [...ten.tiers, { threshold: '1000', minActive: '0', rate: '1', lossRate: '' }] })).toEqual({ tiers: 'count' });
  });
  it('puts the server refusals about the downline on its field', () => {
    expect(offerErrorPlace('CONTRACT_TARGET_INVALID')).toBe('toUsername');
    expect(offerErrorPlace('CONTRACT_OFFER_PENDING')).toBe('toUsername');
    expect(offerErrorPlace('CONTRACT_RATE_TOO_HIGH')).toBe('form');
  });
});

describe('income', () => {
  const zero = { received: '0.00', paidOut: '0.00', net: '0.00', unpaid: '0.00' };
  it('is empty when no contract paid or left anything unpaid', async () => {
    const { hasIncome } = await import('./contracts');
    expect(hasIncome({ kinds: [{ ...zero }], total: zero })).toBe(false);
    expect(hasIncome({ kinds: [], total: zero })).toBe(false);
    expect(hasIncome({ kinds: [{ ...zero, unpaid: '1.00' }], total: { ...zero, unpaid: '1.00' } })).toBe(true);
    expect(hasIncome({ kinds: [{ ...zero, received: '0.01' }], total: zero })).toBe(true);
  });
});
