import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { MemTransDetail } from '@apsara/contracts';
import cn from '../../../locales/cn/member.json';
import en from '../../../locales/en/member.json';
import km from '../../../locales/km/member.json';
import { movementText, movementTitle } from './movement-detail';

const tOf = async (lng: string) => {
  const i = i18next.createInstance();
  await i.init({ resources: { en: { member: en }, cn: { member: cn }, km: { member: km } }, lng, ns: ['member'], defaultNS: 'member', interpolation: { escapeValue: false } });
  return i.getFixedT(lng, 'member');
};

const details: MemTransDetail[] = [
  { kind: 'deposit', id: '42' },
  { kind: 'withdrawal', id: '7' },
  { kind: 'withdrawal', id: null },
  { kind: 'adjustment' },
  { kind: 'wallet', from: 'MAIN', to: 'AG' },
  { kind: 'recoverAll' },
  { kind: 'member', direction: 'to', username: 'agent&1' },
  { kind: 'member', direction: 'from', username: 'player1' },
  { kind: 'round', vendor: 'APSARA', roundId: 'slot-0001' },
  { kind: 'vendor', vendor: 'AG', transactionId: 'T123' },
  { kind: 'vendorResult', vendor: 'BBIN' },
  { kind: 'contract', contractKind: 'daily', direction: 'received' },
  { kind: 'contract', contractKind: 'dividend', direction: 'paid' },
  { kind: 'promotion', number: 'PR00000012' },
  { kind: 'referral', friend: 'fr****3' },
  { kind: 'mission', period: 'daily', metric: 'bets', target: '1200.00' },
  { kind: 'mission', period: 'weekly', metric: 'rounds', target: '30' },
  { kind: 'mission', period: 'daily', metric: 'wins', target: '5' },
  { kind: 'mission', period: 'weekly', metric: 'deposits', target: '100.00' },
  { kind: 'leaderboard', rank: 2, schedule: 'weekly', period: '2025-03-03' },
  { kind: 'leaderboard', rank: 1, schedule: 'daily', period: '2025-03-04' },
  { kind: 'vip', level: 3 },
  { kind: 'rebate', rounds: 12 },
];

describe('movementText: a line of the account record in words', () => {
  it('says in English what each movement was', async () => {
    const t = await tOf('en');
    expect(details.map((d) => movementText(d, 'raw', t))).toEqual([
      'Deposit no. 42',
      'Withdrawal no. 7',
      'Withdrawal to your bank card',
      'Balance adjustment by the site',
      'From Main wallet to AG',
      'All game wallets → Main wallet',
      'To agent&1',
      'From player1',
      'APSARA · round slot-0001',
      'AG · transfer no. T123',
      'BBIN · result of play',
      'Daily wages from your contract',
      'Dividend paid to your downline agent',
      'Promotion bonus · PR00000012',
      'Invite-friends reward · fr****3',
      'Daily mission · bets 1,200.00',
      'Weekly mission · rounds played: 30',
      'Daily mission · winning rounds: 5',
      'Weekly mission · deposits 100.00',
      'Weekly leaderboard prize · rank 2 · week of 2025-03-03',
      'Daily leaderboard prize · rank 1 · 2025-03-04',
      'VIP upgrade bonus · VIP3',
      'Manual rebate · 12 rounds',
    ]);
  });

  it('has words for every kind in Khmer and Chinese, with the values in them and no key left showing', async () => {
    for (const lng of ['km', 'cn']) {
      const t = await tOf(lng);
      const english = await tOf('en');
      for (const d of details) {
        const text = movementText(d, 'raw', t);
        expect(text, `${lng} ${d.kind}`).not.toMatch(/history\.detail|\{\{/);
        expect(text, `${lng} ${d.kind}`).not.toBe(movementText(d, 'raw', english));
        if (d.kind === 'contract') continue;
        if (d.kind === 'mission') {
          // The period and metric are in words; the target is there with its separators.
          expect(text).toContain(d.target === '1200.00' ? '1,200.00' : d.target);
          continue;
        }
        if (d.kind === 'leaderboard') {
          expect(text).toContain(String(d.rank));
          expect(text).toContain(d.period);
          continue;
        }
        if (d.kind === 'vip') {
          expect(text).toContain(`VIP${d.level}`);
          continue;
        }
        if (d.kind === 'rebate') {
          expect(text).toContain(String(d.rounds));
          continue;
        }
        for (const value of Object.values(d).filter((v) => typeof v === 'string' && v !== d.kind && v !== 'to' && v !== 'from' && v !== 'MAIN')) expect(text).toContain(value);
      }
    }
    expect(movementText({ kind: 'wallet', from: 'MAIN', to: 'AG' }, null, await tOf('km'))).toBe('ពី កាបូបមេ ទៅ AG');
  });

  it('shortens long vendor numbers in the middle, keeping start and end', async () => {
    const t = await tOf('en');
    expect(movementText({ kind: 'vendor', vendor: 'AG', transactionId: 'TW7-3f64e51e3995d1271fed3e93' }, null, t)).toBe('AG · transfer no. TW7-3f64e…3e93');
    expect(movementText({ kind: 'round', vendor: 'PG', roundId: '1234567890123456' }, null, t)).toBe('PG · round 1234567890123456');
    expect(movementText({ kind: 'round', vendor: 'PG', roundId: '12345678901234567' }, null, t)).toBe('PG · round 123456789…4567');
  });

  it('shows the reference itself for a kind it does not know', async () => {
    const t = await tOf('en');
    expect(movementText({ kind: 'other' }, 'x:y', t)).toBe('x:y');
    expect(movementText({ kind: 'other' }, null, t)).toBe('—');
    expect(movementText(undefined, 'old-server', t)).toBe('old-server');
  });
});

describe('movementTitle', () => {
  it('gives the whole of a shortened vendor number, nothing for what the line already says in full', () => {
    const long = 'bf6dc1234567890abcdef0123f273';
    expect(movementTitle({ kind: 'vendor', vendor: 'PT', transactionId: long })).toBe(long);
    expect(movementTitle({ kind: 'round', vendor: 'BG', roundId: long })).toBe(long);
    expect(movementTitle({ kind: 'round', vendor: 'APSARA', roundId: 'DICE-19' })).toBeUndefined();
    expect(movementTitle({ kind: 'deposit', id: '4' })).toBeUndefined();
    expect(movementTitle(undefined)).toBeUndefined();
  });
});
