import type { APIRequestContext } from '@playwright/test';
import { newPassword } from '../fixtures/api';
import { CAPTCHA_ANSWER, HOSTS, PORT, siteUrl } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * Two-factor login confirmation (spec §2, docs/two-factor.md), on Lotus where the seed turns
 * `loginCheck.newAddress` on. The test server trusts X-Forwarded-For from loopback (TRUST_PROXY in
 * playwright.config.ts), so the member registers "at home" with one forwarded address, and the
 * browser signs in with this test's own address (fixtures/test.ts): an address new to the account.
 */
const ORIGIN = `http://127.0.0.1:${PORT}`;
const HOME_IP = '10.254.254.1';
const headers = (ip?: string) => ({ Host: `${HOSTS.lotus}:${PORT}`, 'Accept-Language': 'en', ...(ip ? { 'X-Forwarded-For': ip } : {}) });

const messagesTo = async (request: APIRequestContext, to: string) =>
  (await (await request.get(`${ORIGIN}/msgsim/messages?to=${encodeURIComponent(to)}`, { headers: headers() })).json()).value as { text: string; purpose: string }[];
const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1];

test('a sign-in from a new address on Lotus asks for the code sent by SMS, then logs in', async ({ page, ui, request }) => {
  // A Lotus member registered by mobile from home (registration is its first sign-in, from HOME_IP).
  const mobileNum = `086${Date.now().toString().slice(-7)}`;
  const username = mobileNum.replace(/^0+/, '');
  const password = newPassword();
  const reg = await request.put(`${ORIGIN}/wps/member/register/mobile`, {
    headers: headers(HOME_IP),
    data: { mobileNum, countryDialingCode: '66', password, confirmPassword: password, captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true },
  });
  expect(reg.status(), await reg.text()).toBe(200);

  // From the browser's address the password alone is not enough.
  await page.goto(siteUrl(HOSTS.lotus));
  const dialog = await ui.openLogin();
  const answer = await ui.submitLoginAndWait(dialog, username, password);
  expect(answer.status()).toBe(403);
  expect((await answer.json()).code).toBe('LOGIN_CONFIRMATION_REQUIRED');
  const step = dialog.getByRole('region', { name: ui.t('auth:confirm.title') });
  await expect(step).toBeVisible();
  await expect(step).toContainText(`•••• ${mobileNum.slice(-4)}`);
  await expect(step.getByRole('button', { name: /New code in \d+s/ })).toBeDisabled();
  expect(await ui.token()).toBeNull();

  // The code arrived in the simulator's inbox, to the member's number.
  let text = '';
  await expect.poll(async () => (text = (await messagesTo(request, mobileNum)).find((m) => m.purpose === 'login-confirm')?.text ?? '')).not.toBe('');
  const code = codeIn(text);

  // A wrong code: the field says so, with the tries left; still no session.
  const codeBox = step.getByLabel(ui.t('auth:confirm.code'), { exact: true });
  await expect(codeBox).toBeFocused();
  await codeBox.fill(code === '000000' ? '000001' : '000000');
  await step.getByRole('button', { name: ui.t('auth:confirm.submit'), exact: true }).click();
  await expect(step.getByText('The code is wrong, 4 tries left')).toBeVisible();
  expect(await ui.token()).toBeNull();

  // The right one logs in as any sign-in does: popup closed, token stored, member area shown.
  await codeBox.fill(code);
  await step.getByRole('button', { name: ui.t('auth:confirm.submit'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.headerLogin).toBeHidden();
  expect(await ui.token()).toBeTruthy();
});
