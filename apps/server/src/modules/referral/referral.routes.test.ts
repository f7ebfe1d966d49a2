import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskUsername, REFERRAL_CODE_ALPHABET } from '@apsara/contracts';
import { CAPTCHA_ANSWER, startHarness, type Harness } from '../../../test/harness.js';
import { bankDeposit, playedRound, mainBalance, makeMember, newKey } from '../../../test/money-helpers.js';

let h: Harness;
let ops: string;
let seq = 0;
const fresh = (p = 'friend') => `${p}${Date.now().toString(36).slice(-5)}${seq++}`;

const register = (username: string, extra: Record<string, unknown> = {}, host?: string) =>
  h.call({
    method: 'PUT',
    url: '/wps/member/register',
    lang: 'en',
    host,
    payload: { username, password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true, registerMethod: 'WEB', registerUrl: 'http://localhost:8080/register', domain: 'localhost', ...extra },
  });
const summary = async (token: string, host?: string) => (await h.call({ method: 'GET', url: '/wps/referral', token, lang: 'en', host })).json().value;
const bet = async (memberId: bigint, stake: bigint) => {
  await playedRound(h, memberId, stake);
};
const memberIdOf = async (username: string) => (await h.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const friends = async (token: string) => (await h.call({ method: 'GET', url: '/wps/referral/friends', token, lang: 'en' })).json().value;
const deposit = async (token: string, amount: string) => {
  await bankDeposit(h, ops, token, amount);
};

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

describe('invite friends', () => {
  it('gives a member one code, links a friend who registers with it, and pays the reward once the friend has deposited enough', async () => {
    const inviter = await makeMember(h, fresh('inviter'));
    const first = await summary(inviter.token);
    expect(first).toMatchObject({ enabled: true, reward: '10.00', minDeposit: '50.00', minBets: '50.00', currencySymbol: '$', invited: 0, qualified: 0, earned: '0.00' });
    expect(first.code).toHaveLength(8);
    expect([...first.code].every((c: string) => REFERRAL_CODE_ALPHABET.includes(c))).toBe(true);
    expect((await summary(inviter.token)).code).toBe(first.code);

    // Case does not matter; the friend is the inviter's for good.
    const name = fresh();
    const joined = await register(name, { referralCode: ` ${first.code.toLowerCase()} ` });
    expect(joined.statusCode, joined.body).toBe(200);
    const friendToken = joined.json().value.token as string;
    const row = await h.database.db.selectFrom('members').select(['referred_by', 'referral_code']).where('username', '=', name).executeTakeFirstOrThrow();
    expect(row).toEqual({ referred_by: inviter.id, referral_code: first.code });
    expect(await friends(inviter.token)).toMatchObject({ total: 1, items: [{ username: maskUsername(name), qualified: false, reward: null }] });

    // Below the minimum nothing is paid; deposits alone are not enough (money parked and taken out again
    // earns nothing): the friend must bet the minimum too. Then it pays once, however often the job runs.
    const friendId = await memberIdOf(name);
    await deposit(friendToken, '30.00');
    expect(await h.app.referrals.payDue()).toEqual({ paid: 0, failed: 0 });
    await deposit(friendToken, '20.00');
    expect((await h.app.referrals.payDue()).paid).toBe(0);
    await bet(friendId, 4999n);
    expect((await h.app.referrals.payDue()).paid).toBe(0);
    await bet(friendId, 1n);
    expect(await h.app.referrals.payDue()).toEqual({ paid: 1, failed: 0 });
    expect((await h.app.referrals.payDue()).paid).toBe(0);
    expect((await mainBalance(h, inviter.token)).balance).toBe('10.00');
    expect(await summary(inviter.token)).toMatchObject({ invited: 1, qualified: 1, earned: '10.00' });
    expect((await friends(inviter.token)).items[0]).toMatchObject({ qualified: true, reward: '10.00' });
    const history = (await h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet?type=REFERRAL_REWARD', token: inviter.token, lang: 'en' })).json().value.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: '10.00', detail: { kind: 'referral', friend: maskUsername(name) } });
  });

  it('pays each friend once when several runs race', async () => {
    const inviter = await makeMember(h, fresh('racer'));
    const { code } = await summary(inviter.token);
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const name = fresh();
      const res = await register(name, { referralCode: code });
      expect(res.statusCode, res.body).toBe(200);
      tokens.push(res.json().value.token);
      await bet(await memberIdOf(name), 5000n);
    }
    for (const t of tokens) await deposit(t, '50.00');
    const runs = await Promise.all([h.app.referrals.payDue(), h.app.referrals.payDue(), h.app.referrals.payDue()]);
    expect(runs.reduce((a, b) => a + b.paid, 0)).toBe(3);
    expect((await mainBalance(h, inviter.token)).balance).toBe('30.00');
  });

  it('refuses a wrong code before anything is written, and a trial account has none', async () => {
    const before = await h.counts();
    for (const code of ['NOPE2345', 'bad code!', 'x']) {
      const res = await register(fresh(), { referralCode: code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({ code: 'REFERRAL_CODE_INVALID', message: 'The invitation code is wrong', fields: [{ field: 'referralCode' }] });
    }
    expect((await h.counts()).members).toBe(before.members);
    const trial = await makeMember(h, fresh('trial'), { type: 4 });
    const res = await h.call({ method: 'GET', url: '/wps/referral', token: trial.token, lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect((await h.call({ method: 'GET', url: '/wps/referral' })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/wps/referral/friends?page=0', token: (await makeMember(h, fresh('pg'))).token })).statusCode).toBe(400);
  });

  it('refuses the code of a frozen member and pays a frozen inviter nothing', async () => {
    const inviter = await makeMember(h, fresh('frozen'));
    const { code } = await summary(inviter.token);
    const name = fresh();
    const res = await register(name, { referralCode: code });
    expect(res.statusCode, res.body).toBe(200);
    await deposit(res.json().value.token, '50.00');
    await bet(await memberIdOf(name), 5000n);
    await h.database.db.updateTable('members').set({ status: 'frozen' }).where('id', '=', inviter.id).execute();
    expect((await h.app.referrals.payDue()).paid).toBe(0);
    const refused = await register(fresh(), { referralCode: code });
    expect(refused.json().code).toBe('REFERRAL_CODE_INVALID');
  });

  it('keeps codes to their own site, and a site with the program off ignores the field', async () => {
    const inviter = await makeMember(h, fresh('apsara'));
    const { code } = await summary(inviter.token);
    const lotusMember = await makeMember(h, fresh('lotus'), { merchant: 'LOTUS', host: 'lotus.localhost' });
    expect(await summary(lotusMember.token, 'lotus.localhost')).toMatchObject({ enabled: false, code: null });
    const name = fresh();
    const there = await register(name, { referralCode: code }, 'lotus.localhost');
    expect(there.statusCode, there.body).toBe(200);
    const row = await h.database.db.selectFrom('members').select('referred_by').where('username', '=', name).executeTakeFirstOrThrow();
    expect(row.referred_by).toBeNull();
  });

  it('masks names', () => {
    expect(maskUsername('friend123')).toBe('fr****3');
    expect(maskUsername('abcd')).toBe('a***d');
    expect(maskUsername('abcdef')).toBe('ab***f');
    expect(maskUsername('ab')).toBe('a**');
  });
});
