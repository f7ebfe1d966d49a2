import { describe, expect, it } from 'vitest';
import { movementDetail, type MovementRow } from './movement-detail.js';

const row = (over: Partial<MovementRow>): MovementRow => ({ type: 'OTHER', reference: null, metadata: {}, amount: 100n, withdrawalId: null, ...over });

describe('movementDetail: what a movement in the account record was', () => {
  it('reads each posting service’s reference and metadata', () => {
    expect(movementDetail(row({ type: 'DEPOSIT', reference: 'deposit:42' }))).toEqual({ kind: 'deposit', id: '42' });
    expect(movementDetail(row({ type: 'WITHDRAWAL', reference: 'withdrawal', amount: -500n, withdrawalId: 7n }))).toEqual({ kind: 'withdrawal', id: '7' });
    expect(movementDetail(row({ type: 'WITHDRAWAL', reference: 'withdrawal', amount: -500n }))).toEqual({ kind: 'withdrawal', id: null });
    expect(movementDetail(row({ type: 'ADJUSTMENT', reference: 'member:9' }))).toEqual({ kind: 'adjustment' });
    expect(movementDetail(row({ type: 'WALLET_TRANSFER', metadata: { from: 'MAIN', to: 'AG' } }))).toEqual({ kind: 'wallet', from: 'MAIN', to: 'AG' });
    expect(movementDetail(row({ type: 'WALLET_RECOVER', metadata: { from: 'PT', to: 'MAIN' } }))).toEqual({ kind: 'wallet', from: 'PT', to: 'MAIN' });
    expect(movementDetail(row({ type: 'WALLET_RECOVER', metadata: { recoverAll: true } }))).toEqual({ kind: 'recoverAll' });
    expect(movementDetail(row({ type: 'GAME_BET', reference: 'APSARA:slot:0001', amount: -100n }))).toEqual({ kind: 'round', vendor: 'APSARA', roundId: 'slot:0001' });
    expect(movementDetail(row({ type: 'GAME_WIN', reference: 'PG:r-9' }))).toEqual({ kind: 'round', vendor: 'PG', roundId: 'r-9' });
    expect(movementDetail(row({ type: 'VENDOR_TRANSFER_IN', reference: 'AG:T123', amount: -100n }))).toEqual({ kind: 'vendor', vendor: 'AG', transactionId: 'T123' });
    expect(movementDetail(row({ type: 'VENDOR_TRANSFER_REVERSAL', reference: 'AG:T123' }))).toEqual({ kind: 'vendor', vendor: 'AG', transactionId: 'T123' });
    expect(movementDetail(row({ type: 'VENDOR_GAME_RESULT', reference: 'BBIN:balance' }))).toEqual({ kind: 'vendorResult', vendor: 'BBIN' });
    expect(movementDetail(row({ type: 'REBATE', reference: 'rebate:5', metadata: { rounds: 4 } }))).toEqual({ kind: 'rebate', rounds: 4 });
  });

  it('names the other member by the side of the transfer the viewer is on', () => {
    expect(movementDetail(row({ type: 'MEMBER_TRANSFER', reference: 'player1>agent1', amount: -100n }))).toEqual({ kind: 'member', direction: 'to', username: 'agent1' });
    expect(movementDetail(row({ type: 'MEMBER_TRANSFER', reference: 'player1>agent1', amount: 100n }))).toEqual({ kind: 'member', direction: 'from', username: 'player1' });
  });

  it('gives `other` for shapes it does not know, never a guess', () => {
    for (const r of [
      row({ type: 'DEPOSIT', reference: 'deposit:' }),
      row({ type: 'DEPOSIT', reference: null }),
      row({ type: 'WALLET_TRANSFER', metadata: { from: 'MAIN' } }),
      row({ type: 'WALLET_TRANSFER', metadata: null }),
      row({ type: 'MEMBER_TRANSFER', reference: 'a>b>c' }),
      row({ type: 'MEMBER_TRANSFER', reference: '>b' }),
      row({ type: 'GAME_BET', reference: 'no-vendor' }),
      row({ type: 'GAME_BET', reference: ':r1' }),
      row({ type: 'VENDOR_TRANSFER_OUT', reference: 'AG:' }),
      row({ type: 'SOMETHING_NEW', reference: 'x:y' }),
      row({ type: 'REBATE', reference: 'rebate:5', metadata: { rounds: 0 } }),
      row({ type: 'REBATE', reference: 'rebate:5', metadata: { rounds: '4' } }),
    ]) {
      expect(movementDetail(r), JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toEqual({ kind: 'other' });
    }
  });
});
