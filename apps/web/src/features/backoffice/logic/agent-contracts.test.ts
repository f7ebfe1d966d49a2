import { describe, expect, it } from 'vitest';
import { OpsContractOfferBody } from '@apsara/contracts';
import { contractBody, contractProblems, contractSearchOf, contractState, emptyTier, newContractForm, siteActions, type ContractForm } from './agent-contracts';

const form = (patch: Partial<ContractForm> = {}): ContractForm => ({
  ...newContractForm(),
  toUsername: 'topagent',
  tiers: [
    { threshold: '1000', minActive: '1', rate: '0.5', lossRate: '' },
    { threshold: '5000.5', minActive: '3', rate: '1.25', lossRate: '' },
  ],
  ...patch,
});

describe('a contract the site offers', () => {
  it('turns the form into the body the contract takes: amounts with two places, whole active counts', () => {
    const body = contractBody(form({ toUsername: ' topagent ' }));
    expect(body).toEqual({ kind: 'daily', toUsername: 'topagent', tiers: [{ threshold: '1000.00', minActive: 1, rate: '0.5' }, { threshold: '5000.50', minActive: 3, rate: '1.25' }] });
    expect(OpsContractOfferBody.safeParse(body).success).toBe(true);
    expect(contractProblems(form())).toEqual({});
  });

  it('sends a period for dividends only and a loss rate for real-time salary only', () => {
    expect(contractBody(form({ kind: 'dividend', period: 'M' }))).toMatchObject({ kind: 'dividend', period: 'M' });
    expect(contractBody(form({ kind: 'hourly', period: 'M' }))).not.toHaveProperty('period');
    const rt = contractBody(form({ kind: 'realtime', tiers: [{ threshold: '10', minActive: '0', rate: '0.3', lossRate: '0.6' }] }));
    expect(rt.tiers).toEqual([{ threshold: '10.00', minActive: 0, rate: '0.3', lossRate: '0.6' }]);
    expect(contractBody(form({ kind: 'daily', tiers: [{ threshold: '10', minActive: '0', rate: '0.3', lossRate: '0.6' }] })).tiers[0]).not.toHaveProperty('lossRate');
    expect(contractProblems(form({ kind: 'realtime', tiers: [{ threshold: '10', minActive: '0', rate: '0.3', lossRate: '' }] }))).toEqual({ 'tiers.0.lossRate': 'required' });
  });

  it('refuses what the server refuses, naming the tier and the field', () => {
    expect(contractProblems(form({ toUsername: '  ' }))).toEqual({ toUsername: 'required' });
    expect(contractProblems(form({ toUsername: 'x'.repeat(65) }))).toEqual({ toUsername: 'too_long' });
    expect(contractProblems(form({ tiers: [] }))).toEqual({ tiers: 'tiers_count' });
    expect(contractProblems(form({ tiers: Array.from({ length: 11 }, (_, i) => ({ ...emptyTier(), threshold: String(i + 1), rate: '1' })) }))).toEqual({ tiers: 'tiers_count' });
    expect(contractProblems(form({ tiers: [{ threshold: '0', minActive: '0', rate: '1', lossRate: '' }] }))).toEqual({ 'tiers.0.threshold': 'amount_positive' });
    expect(contractProblems(form({ tiers: [{ threshold: '', minActive: '0', rate: '1', lossRate: '' }] }))).toEqual({ 'tiers.0.threshold': 'required' });
    expect(contractProblems(form({ tiers: [{ threshold: '5', minActive: '-1', rate: '1', lossRate: '' }] }))).toEqual({ 'tiers.0.minActive': 'whole_between' });
    expect(contractProblems(form({ tiers: [{ threshold: '5', minActive: '100001', rate: '1', lossRate: '' }] }))).toEqual({ 'tiers.0.minActive': 'whole_between' });
    for (const rate of ['0', '100.01', '1.234', 'abc', '-1']) expect(contractProblems(form({ tiers: [{ threshold: '5', minActive: '0', rate, lossRate: '' }] })), rate).toEqual({ 'tiers.0.rate': 'rate' });
    expect(contractProblems(form({ tiers: [{ threshold: '5', minActive: '0', rate: '100', lossRate: '' }] }))).toEqual({});
    expect(contractProblems(form({ tiers: [{ threshold: '5', minActive: '0', rate: '0.01', lossRate: '' }] }))).toEqual({});
  });

  it('asks for rising thresholds, as the service does', () => {
    const tiers = [
      { threshold: '100', minActive: '0', rate: '1', lossRate: '' },
      { threshold: '100.00', minActive: '0', rate: '2', lossRate: '' },
      { threshold: '50', minActive: '0', rate: '2', lossRate: '' },
    ];
    expect(contractProblems(form({ tiers }))).toEqual({ 'tiers.1.threshold': 'rising', 'tiers.2.threshold': 'rising' });
  });
});

describe('what the site may do with a contract', () => {
  const site = { upline: null, terminationRequestedBy: null } as const;
  it('acts on its own contracts as the service allows', () => {
    expect(siteActions({ ...site, status: 'offered' })).toEqual([{ action: 'terminate', key: 'withdraw' }]);
    expect(siteActions({ ...site, status: 'active' })).toEqual([{ action: 'terminate', key: 'ask_end' }]);
    expect(siteActions({ ...site, status: 'active', terminationRequestedBy: 'holder' })).toEqual([{ action: 'sign', key: 'agree_end' }, { action: 'reject', key: 'refuse_end' }]);
    // It asked already: the holder answers.
    expect(siteActions({ ...site, status: 'active', terminationRequestedBy: 'upline' })).toEqual([]);
    for (const status of ['rejected', 'terminated', 'withdrawn'] as const) expect(siteActions({ ...site, status })).toEqual([]);
  });

  it('does nothing with contracts between agents, or when the list does not say who gave it', () => {
    expect(siteActions({ status: 'offered', terminationRequestedBy: null, upline: 'agent1' })).toEqual([]);
    expect(siteActions({ status: 'active', terminationRequestedBy: 'holder', upline: undefined })).toEqual([]);
  });

  it('names who asked to end a signed contract', () => {
    expect(contractState({ status: 'active', terminationRequestedBy: 'holder' })).toBe('ending_holder');
    expect(contractState({ status: 'active', terminationRequestedBy: null })).toBe('active');
    expect(contractState({ status: 'withdrawn', terminationRequestedBy: null })).toBe('withdrawn');
  });
});

describe('the contracts page address', () => {
  it('reads its tab, filters and page, and ignores what it does not know', () => {
    expect(contractSearchOf(new URLSearchParams(''))).toEqual({ tab: 'contracts', page: 1 });
    expect(contractSearchOf(new URLSearchParams('kind=dividend&status=active&page=3'))).toEqual({ tab: 'contracts', kind: 'dividend', status: 'active', page: 3 });
    expect(contractSearchOf(new URLSearchParams('tab=settlements&contract=12'))).toEqual({ tab: 'settlements', contractId: '12', page: 1 });
    expect(contractSearchOf(new URLSearchParams('kind=weekly&status=x&contract=0&page=-1'))).toEqual({ tab: 'contracts', page: 1 });
  });
});
