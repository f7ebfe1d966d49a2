import { DEFAULT_FLAGGED_PASSWORD, type LoginValue, type WhitelabelValue } from '@apsara/contracts';
import type { PasswordChangeReason } from '../../../lib/session';

export type LoginType = 'username' | 'sms' | 'firebase' | 'register' | 'freeplay';
export type LoginPortal = 'member' | 'agent';

/** What the app must do after a successful login, in order (spec §4 "Login success"). */
export type AfterLoginAction =
  | { type: 'storeToken'; token: string }
  | { type: 'setLoginState'; isAgent: boolean; isTrial: boolean; firstTimeLogin: boolean }
  | { type: 'firstLogin' }
  | { type: 'closeLoginModal' }
  | { type: 'openChangePassword'; forced: true; reason: PasswordChangeReason }
  | { type: 'loadMemberInfo' }
  | { type: 'setAfterLoginModal' }
  | { type: 'navigate'; to: '/' | '/agentHome' };

export type AfterLoginContext = {
  loginType: LoginType;
  portal?: LoginPortal;
  /** The password just typed, when known: spec §4 step 3 tests it literally against 123456. */
  password?: string;
};

type Flags = Pick<WhitelabelValue, 'PWDEXPFORCECHANGE3'>;

/**
 * Spec §4 "Login success" as a pure decision:
 * 1. store the token;
 * 2. first-time login → firstLogin, and the login modal hides;
 * 3. password literally 123456, a temporary password customer service set (the server's
 *    mustChangePassword), or expired with forced change on, and the login type is neither sms nor
 *    firebase → change-password modal (which cannot be dismissed until the password changes);
 * 4. otherwise load member info and set the after-login popup flag; agent login goes to /agentHome;
 * 5. everyone else goes to /.
 */
export const decideAfterLogin = (value: LoginValue, flags: Flags, ctx: AfterLoginContext): AfterLoginAction[] => {
  const actions: AfterLoginAction[] = [
    { type: 'storeToken', token: value.token },
    { type: 'setLoginState', isAgent: value.isAgent, isTrial: value.isTrial, firstTimeLogin: value.firstTimeLogin },
  ];
  if (value.firstTimeLogin) actions.push({ type: 'firstLogin' });
  actions.push({ type: 'closeLoginModal' });

  // Free play has no password of the player's to change (spec §4: it clears the cpw entry).
  const passwordLogin = ctx.loginType !== 'sms' && ctx.loginType !== 'firebase' && ctx.loginType !== 'freeplay';
  const defaultPassword = ctx.password === DEFAULT_FLAGGED_PASSWORD;
  // The server asks for a change it knows of: the default password, or a temporary one customer
  // service set (then the popup asks for it as the current password, since it is not 123456).
  const reset = value.mustChangePassword && !defaultPassword;
  const expiredForced = value.passwordExpired && flags.PWDEXPFORCECHANGE3;
  if (passwordLogin && (defaultPassword || reset || expiredForced)) {
    actions.push({ type: 'openChangePassword', forced: true, reason: defaultPassword ? 'defaultPassword' : reset ? 'reset' : 'expired' });
    return actions;
  }

  actions.push({ type: 'loadMemberInfo' }, { type: 'setAfterLoginModal' });
  actions.push({ type: 'navigate', to: ctx.portal === 'agent' && value.isAgent ? '/agentHome' : '/' });
  return actions;
};
