import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_ANSWER, startHarness, type Harness } from '../../../test/harness.js';
import { bankDeposit, fund, makeMember, playedRound } from '../../../test/money-helpers.js';

let h: Harness;
let admin: string;
let support: string;
let seq = 0;
const fresh = (p = 'bo') => `${p}${Date.now().toString(36).slice(-5)}${seq++}`;
const LOTUS = 'lotus.localhost';

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown, host?: string, lang = 'en') => h.call({ method, url, token, payload: payload as never, host, lang });
const auditOf = (targetType: string, targetId: string) =>
  h.database.db.selectFrom('audit_log').select(['action', 'before', 'after', 'reason']).where('target_type', '=', targetType).where('target_id', '=', targetId).orderBy('id').execute();

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  await h.addOperator('APSARA', 'bosupport1', 'Support-Pass-1', 'support');
  support = await h.opsLogin('bosupport1', 'Support-Pass-1');
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

describe('back office: members', () => {
  it('finds members of its own site by part of a name or by id, with balance and rank, 20 a page', async () => {
    const tag = fresh('Find');
    const a = await makeMember(h, `${tag}a`);
    const b = await makeMember(h, `${tag}b`);
    await fund(h, admin, a.id, '12.50');
    const found = await call('GET', `/ops/members?q=${tag.toUpperCase()}`, support);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().value).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(found.json().value.items.map((m: { username: string }) => m.username)).toEqual([`${tag}b`, `${tag}a`]);
    expect(found.json().value.items[1]).toMatchObject({ id: a.id.toString(), balance: '12.50', held: '0.00', status: 'active', isAgent: false, isTrial: false, vipLevel: 0 });
    expect((await call('GET', `/ops/members?q=${b.id}`, support)).json().value.items.map((m: { id: string }) => m.id)).toContain(b.id.toString());
    // Wildcards typed in the box are plain characters.
    expect((await call('GET', '/ops/members?q=%25', support)).json().value.total).toBe(0);
    expect((await call('GET', '/ops/members?kind=agent', support)).json().value.items.every((m: { isAgent: boolean }) => m.isAgent)).toBe(true);
    expect((await call('GET', '/ops/members?kind=trial', support)).json().value.items.every((m: { isTrial: boolean }) => m.isTrial)).toBe(true);

    // Another site's operators do not see them, by name or by id.
    const lotusMember = await makeMember(h, fresh('lbo'), { merchant: 'LOTUS', host: LOTUS });
    expect((await call('GET', `/ops/members?q=${lotusMember.id}`, admin)).json().value.items.map((m: { id: string }) => m.id)).not.toContain(lotusMember.id.toString());
    const other = await call('GET', `/ops/members/${lotusMember.id}`, admin);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('ACCOUNT_NOT_FOUND');

    for (const bad of ['/ops/members?page=0', '/ops/members?status=gone', '/ops/members?kind=vip', `/ops/members?q=${'x'.repeat(65)}`, '/ops/members/abc', '/ops/members/0']) {
      const res = await call('GET', bad, support);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('GET', '/ops/members')).statusCode).toBe(401);
  });

  it('shows one member with wallets and lifetime figures', async () => {
    const m = await makeMember(h, fresh('detail'));
    await bankDeposit(h, admin, m.token, '80.00');
    await playedRound(h, m.id, 3_000n);
    const res = await call('GET', `/ops/members/${m.id}`, support);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ id: m.id.toString(), balance: '80.00', totals: { deposits: '80.00', withdrawals: '0.00', bets: '30.00', payouts: '0.00' }, downlines: 0, points: 0 });
    expect(res.json().value.wallets).toContainEqual({ code: 'MAIN', balance: '80.00', held: '0.00' });
  });

  it('resets a member\'s password to a temporary one: shown once, sessions ended, the next session may only change it; audited without the password', async () => {
    const name = fresh('pw');
    const m = await makeMember(h, name);
    const reset = await call('POST', `/ops/members/${m.id}/password`, support, { reason: 'Locked out, identity checked by phone' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.headers['cache-control']).toBe('no-store');
    const { temporaryPassword, username } = reset.json().value;
    expect(username).toBe(name);
    expect(temporaryPassword).toMatch(/^.{12}$/);
    // Signed out everywhere; the old password no longer works.
    expect((await call('GET', '/wps/member/info', m.token)).statusCode).toBe(401);
    expect((await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: name, password: 'Passw0rd1', type: 'username' } })).statusCode).toBe(401);

    // The temporary password signs in, but only to choose a new one.
    const login = await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: name, password: temporaryPassword, type: 'username' } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.mustChangePassword).toBe(true);
    const token = login.json().value.token;
    const blocked = await call('POST', '/wps/member/security/real-name', token, { realName: 'Reset Member' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await call('POST', '/wps/member/password', token, { oldPassword: temporaryPassword, newPassword: 'Mine2026x', confirmNewPassword: 'Mine2026x' });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: name, password: 'Mine2026x', type: 'username' } });
    expect(after.json().value.mustChangePassword).toBe(false);

    const audit = await auditOf('member', m.id.toString());
    expect(audit.map((a) => a.action)).toEqual(['member.password_reset']);
    expect(audit[0]).toMatchObject({ reason: 'Locked out, identity checked by phone', after: { mustChangePassword: true } });
    expect(JSON.stringify(audit)).not.toContain(temporaryPassword);
  });

  it('refuses a password reset to finance, for another site\'s member, a trial account or bad input, writing nothing', async () => {
    const m = await makeMember(h, fresh('pwx'));
    await h.addOperator('APSARA', fresh('fin'), 'Finance-Pass-1', 'finance').then(async (id) => {
      const fin = await h.opsLogin((await h.database.db.selectFrom('operators').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username, 'Finance-Pass-1');
      const res = await call('POST', `/ops/members/${m.id}/password`, fin, { reason: 'Member asked by phone' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('OPERATOR_FORBIDDEN');
    });
    const lotusMember = await makeMember(h, fresh('lpw'), { merchant: 'LOTUS', host: LOTUS });
    const other = await call('POST', `/ops/members/${lotusMember.id}/password`, admin, { reason: 'Member asked by phone' });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('ACCOUNT_NOT_FOUND');
    const trial = await makeMember(h, fresh('tpw'), { type: 4 });
    const refused = await call('POST', `/ops/members/${trial.id}/password`, admin, { reason: 'Member asked by phone' }, undefined, 'cn');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MEMBER_TRIAL_NO_PASSWORD', message: '试玩账号没有可重置的密码' });
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(201) }, { reason: 'Member asked by phone', password: 'Chosen123' }]) {
      const res = await call('POST', `/ops/members/${m.id}/password`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('POST', '/ops/members/abc/password', admin, { reason: 'Member asked by phone' })).statusCode).toBe(400);
    expect((await call('POST', `/ops/members/${m.id}/password`, undefined, { reason: 'Member asked by phone' })).statusCode).toBe(401);
    // Nothing was written: the member still signs in with their own password, and no audit row exists.
    expect((await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: (await h.database.db.selectFrom('members').select('username').where('id', '=', m.id).executeTakeFirstOrThrow()).username, password: 'Passw0rd1', type: 'username' } })).json().value.mustChangePassword).toBe(false);
    expect(await auditOf('member', m.id.toString())).toEqual([]);
    expect(await auditOf('member', lotusMember.id.toString())).toEqual([]);
  });

  it('freezes a member, ending their sessions at once, and reopens them; admin only; audited', async () => {
    const m = await makeMember(h, fresh('frz'));
    expect((await call('GET', '/wps/member/info', m.token)).statusCode).toBe(200);
    const denied = await call('POST', `/ops/members/${m.id}/status`, support, { status: 'frozen', reason: 'suspected bonus abuse' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('OPERATOR_FORBIDDEN');
    expect((await call('POST', `/ops/members/${m.id}/status`, admin, { status: 'frozen', reason: 'x' })).json().code).toBe('VALIDATION_FAILED');
    expect((await call('POST', `/ops/members/${m.id}/status`, admin, { status: 'closed', reason: 'suspected bonus abuse' })).json().code).toBe('VALIDATION_FAILED');

    const frozen = await call('POST', `/ops/members/${m.id}/status`, admin, { status: 'frozen', reason: 'suspected bonus abuse' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json().value.status).toBe('frozen');
    expect((await call('GET', '/wps/member/info', m.token)).statusCode).toBe(401);
    const again = await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: (await h.database.db.selectFrom('members').select('username').where('id', '=', m.id).executeTakeFirstOrThrow()).username, password: 'Passw0rd1' }, lang: 'en' });
    expect(again.json().code).toBe('ACCOUNT_DISABLED');

    expect((await call('POST', `/ops/members/${m.id}/status`, admin, { status: 'active', reason: 'checked, all fine' })).json().value.status).toBe('active');
    const audit = await auditOf('member', m.id.toString());
    expect(audit.map((a) => a.action)).toEqual(['member.freeze', 'member.reopen']);
    expect(audit[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'frozen' }, reason: 'suspected bonus abuse' });

    const lotusMember = await makeMember(h, fresh('lfz'), { merchant: 'LOTUS', host: LOTUS });
    expect((await call('POST', `/ops/members/${lotusMember.id}/status`, admin, { status: 'frozen', reason: 'not my site at all' })).json().code).toBe('ACCOUNT_NOT_FOUND');
    expect((await h.database.db.selectFrom('members').select('status').where('id', '=', lotusMember.id).executeTakeFirstOrThrow()).status).toBe('active');
  });
});

describe('back office: a member made an agent, and back', () => {
  const kind = (id: bigint, body: unknown, token = admin) => call('POST', `/ops/members/${id}/kind`, token, body);
  const typeOf = async (id: bigint) => (await h.database.db.selectFrom('members').select(['type', 'affiliate_code']).where('id', '=', id).executeTakeFirstOrThrow());
  const signUp = (username: string, affiliateCode: string) =>
    h.call({
      method: 'PUT',
      url: '/wps/member/register',
      lang: 'en',
      payload: { username, password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true, registerMethod: 'WEB', registerUrl: 'http://localhost/register', domain: 'localhost', affiliateCode },
    });

  it('makes a player an agent with an invitation code, at once in their open session; admin only; audited; bad input writes nothing', async () => {
    const m = await makeMember(h, fresh('mk'));
    expect((await call('GET', '/wps/agent/team/overview', m.token)).json().code).toBe('AGENT_ONLY');

    const denied = await kind(m.id, { kind: 'agent', reason: 'a strong affiliate partner' }, support);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('OPERATOR_FORBIDDEN');
    for (const bad of [{ kind: 'trial', reason: 'a strong affiliate partner' }, { kind: 'agent', reason: 'x' }, { kind: 'agent' }, { kind: 'agent', reason: 'a strong affiliate partner', type: 41 }, ['agent']]) {
      const res = await kind(m.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('POST', '/ops/members/abc/kind', admin, { kind: 'agent', reason: 'a strong affiliate partner' })).statusCode).toBe(400);
    expect(await typeOf(m.id)).toEqual({ type: 0, affiliate_code: null });
    expect(await auditOf('member', m.id.toString())).toEqual([]);

    const made = await kind(m.id, { kind: 'agent', reason: 'a strong affiliate partner' });
    expect(made.statusCode, made.body).toBe(200);
    const code = made.json().value.affiliateCode as string;
    expect(made.json().value).toMatchObject({ type: 1, isAgent: true, downlines: 0 });
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    // The session they already have opens the agent center; a friend signs up under them with the code.
    expect((await call('GET', '/wps/agent/team/overview', m.token)).statusCode).toBe(200);
    const friend = fresh('fr');
    expect((await signUp(friend, code.toLowerCase())).statusCode).toBe(200);
    expect((await h.database.db.selectFrom('members').select('parent_id').where('username', '=', friend).executeTakeFirstOrThrow()).parent_id).toBe(m.id);

    // Asking again changes nothing and writes no second entry.
    expect((await kind(m.id, { kind: 'agent', reason: 'clicked twice by mistake' })).json().value.affiliateCode).toBe(code);
    const audit = await auditOf('member', m.id.toString());
    expect(audit).toEqual([{ action: 'member.make_agent', before: { kind: 'member', affiliateCode: null }, after: { kind: 'agent', affiliateCode: code }, reason: 'a strong affiliate partner' }]);

    // An agent with a team stays one, and says how many.
    const team = await kind(m.id, { kind: 'member', reason: 'partnership ended' });
    expect(team.statusCode).toBe(409);
    expect(team.json()).toMatchObject({ code: 'AGENT_HAS_TEAM', message: 'This agent has 1 direct downline account(s); an agent with a team stays an agent' });
    expect((await typeOf(m.id)).type).toBe(1);
  });

  it('makes an agent without team or contracts a player again, keeping the code unused until made an agent again', async () => {
    const m = await makeMember(h, fresh('back'));
    const code = (await kind(m.id, { kind: 'agent', reason: 'trial partnership' })).json().value.affiliateCode as string;

    // A contract the site offered ties them until it is withdrawn.
    const offer = await call('POST', '/ops/agent-contracts', admin, { kind: 'daily', toUsername: (await h.database.db.selectFrom('members').select('username').where('id', '=', m.id).executeTakeFirstOrThrow()).username, tiers: [{ threshold: '1.00', minActive: 1, rate: '2' }] });
    expect(offer.statusCode, offer.body).toBe(200);
    const tied = await call('POST', `/ops/members/${m.id}/kind`, admin, { kind: 'member', reason: 'partnership ended' }, undefined, 'cn');
    expect(tied.json()).toMatchObject({ code: 'AGENT_HAS_CONTRACTS', message: '该代理持有或发出的契约中仍有 1 份未结束，请先结束' });
    expect((await call('POST', `/ops/agent-contracts/${offer.json().value.id}/terminate`, admin)).statusCode).toBe(200);

    const back = await kind(m.id, { kind: 'member', reason: 'partnership ended' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().value).toMatchObject({ type: 0, isAgent: false, affiliateCode: code });
    expect((await call('GET', '/wps/agent/team/overview', m.token)).json().code).toBe('AGENT_ONLY');
    expect((await signUp(fresh('nf'), code)).json().code).toBe('INVITATION_CODE_INVALID');

    expect((await kind(m.id, { kind: 'agent', reason: 'partnership resumed' })).json().value).toMatchObject({ type: 1, affiliateCode: code });
    expect((await auditOf('member', m.id.toString())).map((a) => a.action).filter((a) => a.startsWith('member.'))).toEqual(['member.make_agent', 'member.make_player', 'member.make_agent']);
  });

  it('never places a new account under an upline that is no longer an agent', async () => {
    const m = await makeMember(h, fresh('gone'));
    const code = (await kind(m.id, { kind: 'agent', reason: 'short partnership' })).json().value.affiliateCode as string;
    const friend = fresh('late');
    if (process.env.DATABASE_URL) {
      // An account opened while the operator's change holds the agent's row waits for it, then is
      // refused: the agent check at the start of the request is not the last word.
      // (The pending call is returned in an object: returned bare, the transaction would wait for it.)
      const { pending } = await h.database.db.transaction().execute(async (tx) => {
        await tx.selectFrom('members').select('id').where('id', '=', m.id).forUpdate().execute();
        const pending = h.call({ method: 'PUT', url: '/wps/agent/accounts', token: m.token, lang: 'en', payload: { kind: 'member', username: friend, password: 'Fresh-Pass1', confirmPassword: 'Fresh-Pass1' } });
        await new Promise((r) => setTimeout(r, 600));
        await tx.updateTable('members').set({ type: 0 }).where('id', '=', m.id).execute();
        return { pending };
      });
      const opened = await pending;
      expect(opened.statusCode, opened.body).toBe(403);
      expect(opened.json().code).toBe('AGENT_ONLY');
    } else {
      await h.database.db.updateTable('members').set({ type: 0 }).where('id', '=', m.id).execute();
    }
    // A sign-up with the code read before the change is refused the same way, as an unknown code.
    const { memberRepository } = await import('../member/member.repository.js');
    const apsara = await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow();
    await expect(memberRepository(h.database.db).create({ merchant_id: apsara.id, username: friend, type: 0, password_hash: 'x', parent_id: m.id }, 'USD')).rejects.toThrow('the upline is not an active agent');
    expect((await signUp(fresh('nf'), code)).json().code).toBe('INVITATION_CODE_INVALID');
    expect(await h.database.db.selectFrom('members').select('id').where('parent_id', '=', m.id).execute()).toEqual([]);
  });

  it('refuses agent-only accounts, trial accounts, closed accounts and other sites\' members, writing nothing', async () => {
    // An agent-only account cannot sign in to the portal; it needs no session here.
    const apsara = await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow();
    const only = await h.database.db.insertInto('members').values({ merchant_id: apsara.id, username: fresh('only'), type: 41, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const fixed = await kind(only.id, { kind: 'member', reason: 'wants to play himself' });
    expect(fixed.json()).toMatchObject({ code: 'AGENT_KIND_FIXED', message: 'This agent account (type 41) was opened as an agent only and stays one' });
    expect((await typeOf(only.id)).type).toBe(41);

    const trial = await h.database.db.insertInto('members').values({ merchant_id: apsara.id, username: fresh('tri'), type: 4, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    expect((await kind(trial.id, { kind: 'agent', reason: 'wants to bring friends' })).json().code).toBe('MEMBER_TRIAL_NOT_AGENT');
    expect((await typeOf(trial.id)).type).toBe(4);

    const closed = await makeMember(h, fresh('cls'));
    await h.database.db.updateTable('members').set({ status: 'closed' }).where('id', '=', closed.id).execute();
    expect((await kind(closed.id, { kind: 'agent', reason: 'wants to bring friends' })).json().code).toBe('MEMBER_CLOSED');

    const lotusMember = await makeMember(h, fresh('lmk'), { merchant: 'LOTUS', host: LOTUS });
    const other = await kind(lotusMember.id, { kind: 'agent', reason: 'not my site at all' });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('ACCOUNT_NOT_FOUND');
    expect(await typeOf(lotusMember.id)).toEqual({ type: 0, affiliate_code: null });
    for (const id of [only.id, trial.id, closed.id, lotusMember.id]) expect(await auditOf('member', id.toString())).toEqual([]);
  });
});

describe('back office: settings', () => {
  it('reads every section with defaults, replaces one whole when it checks out, and audits it', async () => {
    const before = (await call('GET', '/ops/config', support)).json().value;
    expect(before.referral).toEqual({ enabled: true, reward: '10.00', minDeposit: '50.00', minBets: '50.00' });
    expect(before.vip.levels).toHaveLength(8);
    expect(before.withdrawal).toMatchObject({ min: '50.00', max: '20000.00' });

    const next = { enabled: true, reward: '12.00', minDeposit: '60.00', minBets: '40.00' };
    expect((await call('PATCH', '/ops/config/referral', support, next)).json().code).toBe('OPERATOR_FORBIDDEN');
    const saved = await call('PATCH', '/ops/config/referral', admin, next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.referral).toEqual(next);
    // The site serves the new terms at once.
    const m = await makeMember(h, fresh('cfg'));
    expect((await call('GET', '/wps/referral', m.token)).json().value).toMatchObject({ reward: '12.00', minDeposit: '60.00', minBets: '40.00' });
    const audit = await auditOf('config', 'referral');
    expect(audit.at(-1)).toMatchObject({ action: 'config.update', before: { referral: before.referral }, after: { referral: next } });
    await call('PATCH', '/ops/config/referral', admin, before.referral);
  });

  it('refuses a section that does not check out, naming the field, and changes nothing', async () => {
    const before = (await call('GET', '/ops/config', admin)).json().value;
    const cases: [string, unknown, string][] = [
      ['withdrawal', { ...before.withdrawal, min: '500.00', max: '100.00' }, 'withdrawal'],
      ['withdrawal', { ...before.withdrawal, feeBps: -1 }, 'withdrawal.feeBps'],
      ['referral', { ...before.referral, reward: '1.001' }, 'referral.reward'],
      ['vip', { enabled: true, levels: [{ minBets: '200.00', minDeposits: '10.00' }, { minBets: '100.00', minDeposits: '10.00' }] }, 'vip.levels'],
      ['missions', { enabled: true, leaderboard: { prizes: ['5.00', '10.00'] } }, 'missions.leaderboard.prizes'],
      ['points', { earn: { rng: { perAmount: '0.00', points: 1 } } }, 'points.earn.rng.perAmount'],
    ];
    for (const [section, body, field] of cases) {
      const res = await call('PATCH', `/ops/config/${section}`, admin, body, undefined, 'cn');
      expect(res.statusCode, `${section} ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toContain('部分字段无效');
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    // Not a section the back office edits.
    expect((await call('PATCH', '/ops/config/payment', admin, {})).json().code).toBe('VALIDATION_FAILED');
    expect((await call('PATCH', '/ops/config/referral', admin, [1, 2])).statusCode).toBe(400);
    expect((await call('GET', '/ops/config', admin)).json().value).toEqual(before);
  });
});
