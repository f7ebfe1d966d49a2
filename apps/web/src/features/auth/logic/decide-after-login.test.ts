import { describe, expect, it } from 'vitest';
import type { LoginValue } from '@apsara/contracts';
import { decideAfterLogin } from './decide-after-login';

const base: LoginValue = {
  token: 't0k',
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: false,
  isAgent: false,
  isTrial: false,
};
const on = { PWDEXPFORCECHANGE3: true };
const off = { PWDEXPFORCECHANGE3: false };
const types = (actions: ReturnType<typeof decideAfterLogin>) => actions.map((a) => a.type);

describe('decideAfterLogin (spec §4 Login success)', () => {
  it('ordinary login: store token, close popup, load info, set after-login flag, go to /', () => {
    const actions = decideAfterLogin(base, on, { loginType: 'username', password: 'Demo1234' });
    expect(types(actions)).toEqual(['storeToken', 'setLoginState', 'closeLoginModal', 'loadMemberInfo', 'setAfterLoginModal', 'navigate']);
    expect(actions[0]).toEqual({ type: 'storeToken', token: 't0k' });
    expect(actions.at(-1)).toEqual({ type: 'navigate', to: '/' });
  });

  it('step 1 comes first: the token is stored before anything else', () => {
    for (const value of [base, { ...base, mustChangePassword: true }, { ...base, firstTimeLogin: true }]) {
      expect(decideAfterLogin(value, on, { loginType: 'username' })[0].type).toBe('storeToken');
    }
  });

  it('step 2: a first-time login triggers firstLogin and hides the login popup', () => {
    const actions = types(decideAfterLogin({ ...base, firstTimeLogin: true }, on, { loginType: 'username' }));
    expect(actions).toContain('firstLogin');
    expect(actions.indexOf('firstLogin')).toBeLessThan(actions.indexOf('closeLoginModal'));
  });

  it('step 3: the literal password 123456 opens a forced change and nothing else happens', () => {
    const actions = decideAfterLogin(base, off, { loginType: 'username', password: '123456' });
    expect(actions.at(-1)).toEqual({ type: 'openChangePassword', forced: true, reason: 'defaultPassword' });
    expect(types(actions)).not.toContain('loadMemberInfo');
    expect(types(actions)).not.toContain('navigate');
  });

  it('step 3: the server flag mustChangePassword opens the change too', () => {
    const actions = decideAfterLogin({ ...base, mustChangePassword: true }, off, { loginType: 'username' });
    expect(types(actions)).toContain('openChangePassword');
  });

  it('step 3: the server flag with another password than 123456 is a temporary password from customer service', () => {
    expect(decideAfterLogin({ ...base, mustChangePassword: true }, off, { loginType: 'username', password: 'Tmp7kQ2#wxYz' }).at(-1)).toEqual({ type: 'openChangePassword', forced: true, reason: 'reset' });
    expect(decideAfterLogin({ ...base, mustChangePassword: true }, off, { loginType: 'username', password: '123456' }).at(-1)).toEqual({ type: 'openChangePassword', forced: true, reason: 'defaultPassword' });
  });

  it('step 3: an expired password forces a change only when PWDEXPFORCECHANGE3 is on', () => {
    const expired = { ...base, passwordExpired: true };
    expect(decideAfterLogin(expired, on, { loginType: 'username' }).at(-1)).toEqual({ type: 'openChangePassword', forced: true, reason: 'expired' });
    expect(types(decideAfterLogin(expired, off, { loginType: 'username' }))).not.toContain('openChangePassword');
    expect(decideAfterLogin(expired, off, { loginType: 'username' }).at(-1)).toEqual({ type: 'navigate', to: '/' });
  });

  it('step 3 does not apply to sms or firebase logins', () => {
    for (const loginType of ['sms', 'firebase'] as const) {
      const actions = types(decideAfterLogin({ ...base, mustChangePassword: true, passwordExpired: true }, on, { loginType, password: '123456' }));
      expect(actions).not.toContain('openChangePassword');
      expect(actions).toContain('loadMemberInfo');
    }
  });

  it('step 4: an agent logging in on the agent page goes to /agentHome', () => {
    const actions = decideAfterLogin({ ...base, isAgent: true }, on, { loginType: 'username', portal: 'agent' });
    expect(actions.at(-1)).toEqual({ type: 'navigate', to: '/agentHome' });
  });

  it('step 5: an agent logging in on the member portal stays in the lobby', () => {
    const actions = decideAfterLogin({ ...base, isAgent: true }, on, { loginType: 'username', portal: 'member' });
    expect(actions.at(-1)).toEqual({ type: 'navigate', to: '/' });
  });

  it('an agent with the default password changes it before entering the agent center', () => {
    const actions = decideAfterLogin({ ...base, isAgent: true, mustChangePassword: true }, on, { loginType: 'username', portal: 'agent' });
    expect(types(actions)).not.toContain('navigate');
    expect(types(actions)).toContain('openChangePassword');
  });

  it('passes the role flags on', () => {
    const actions = decideAfterLogin({ ...base, isTrial: true, firstTimeLogin: true }, on, { loginType: 'username' });
    expect(actions[1]).toEqual({ type: 'setLoginState', isAgent: false, isTrial: true, firstTimeLogin: true });
  });
});

describe('free play (spec §4 Free play login)', () => {
  it('never opens the change-password popup, and goes to / signed in', () => {
    const value = { token: 't', firstTimeLogin: true, passwordExpired: true, mustChangePassword: false, isAgent: false, isTrial: true };
    const actions = decideAfterLogin(value, { PWDEXPFORCECHANGE3: true }, { loginType: 'freeplay' });
    expect(actions.map((a) => a.type)).not.toContain('openChangePassword');
    expect(actions).toContainEqual({ type: 'closeLoginModal' });
    expect(actions).toContainEqual({ type: 'loadMemberInfo' });
    expect(actions.at(-1)).toEqual({ type: 'navigate', to: '/' });
  });
});
