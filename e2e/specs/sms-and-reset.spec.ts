import type { APIRequestContext } from '@playwright/test';
import { newPassword, uniqueUsername } from '../fixtures/api';
import { CAPTCHA_ANSWER, DEMO, HOSTS, PORT, siteUrl } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * SMS login and both password resets, end to end with the message simulator (docs/verification.md):
 * the portal sends, the journey reads the SMS or e-mail from the simulator's inbox like a person
 * reading their phone, and types it back in.
 */
const ORIGIN = `http://127.0.0.1:${PORT}`;
const headers = (host: string) => ({ Host: `${host}:${PORT}`, 'Accept-Language': 'en' });

/** The newest simulated message to `to` on `host` (polled: it is written while the request is answered). */
const lastMessage = async (request: APIRequestContext, host: string, to: string) => {
  let text = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${ORIGIN}/msgsim/messages?to=${encodeURIComponent(to)}`, { headers: headers(host) });
      text = ((await res.json()).value[0]?.text as string | undefined) ?? '';
      return text;
    })
    .not.toBe('');
  return text;
};
const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1];

test('SMS login on Lotus with the code from the simulator inbox', async ({ page, ui, request }) => {
  await page.goto(siteUrl(HOSTS.lotus));
  const dialog = await ui.openLogin();
  await dialog.getByRole('tab', { name: ui.t('auth:login.tab_sms') }).click();
  await ui.field(dialog, 'mobileNum').fill('0812345678');
  // The country codes are the site's (GET /wps/system/countryCodes), its default picked: Lotus has the
  // defaults, Cambodia first. The member's number is Thai.
  const dial = dialog.getByRole('combobox', { name: ui.t('auth:field.dialingCode'), exact: true });
  await expect(dial).toHaveValue('KH');
  const countries = (await (await request.get(`${ORIGIN}/wps/system/countryCodes`, { headers: headers(HOSTS.lotus) })).json()).value as { countryCode: string; countryDialingCode: string }[];
  expect(await dial.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(countries.map((c) => c.countryCode));
  // The list names each country; the field shows the chosen one's code.
  await expect(dial.locator('option').first()).toHaveText('Cambodia +855');
  await dial.selectOption('TH');
  await expect(dialog.getByText('TH +66', { exact: true })).toBeVisible();
  const before = await request.get(`${ORIGIN}/msgsim/messages?to=0812345678`, { headers: headers(HOSTS.lotus) });
  const seen = (await before.json()).value.length as number;
  await dialog.getByRole('button', { name: ui.t('auth:sms.send'), exact: true }).click();
  // The button counts down from the code's lifetime (1 minute on Lotus).
  await expect(dialog.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await expect.poll(async () => (await (await request.get(`${ORIGIN}/msgsim/messages?to=0812345678`, { headers: headers(HOSTS.lotus) })).json()).value.length).toBe(seen + 1);
  // Texted to the Thai number the member picked.
  expect((await (await request.get(`${ORIGIN}/msgsim/messages?to=0812345678`, { headers: headers(HOSTS.lotus) })).json()).value[0].to).toBe('+66812345678');
  const code = codeIn(await lastMessage(request, HOSTS.lotus, '0812345678'));

  // A wrong code first: the server's message, in the form.
  await ui.field(dialog, 'verificationCode').fill(code === '000000' ? '000001' : '000000');
  await dialog.getByRole('button', { name: ui.t('auth:login.submit'), exact: true }).click();
  await expect(dialog.getByText('The verification code is wrong, please check it and try again')).toBeVisible();

  await ui.field(dialog, 'verificationCode').fill(code);
  await dialog.getByRole('button', { name: ui.t('auth:login.submit'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(ui.memberLink(DEMO.lotus.nickname)).toBeVisible();
});

test('forgot password by mobile on Lotus: code from the inbox, new password, log in with it', async ({ page, ui, request }) => {
  // A member of Lotus registered by mobile number (its username is the number without the 0).
  const mobileNum = `089${Date.now().toString().slice(-7)}`;
  const password = newPassword();
  const reg = await request.put(`${ORIGIN}/wps/member/register/mobile`, {
    headers: headers(HOSTS.lotus),
    data: { mobileNum, countryDialingCode: '66', password, confirmPassword: password, captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const username = mobileNum.replace(/^0+/, '');

  await page.goto(siteUrl(HOSTS.lotus));
  const login = await ui.openLogin();
  await login.getByRole('button', { name: ui.t('auth:login.forgot') }).click();
  const forgot = ui.dialog('auth:forgot.title');
  await expect(forgot).toBeVisible();
  await forgot.getByRole('tab', { name: ui.t('auth:forgot.tab_mobile') }).click();
  await ui.field(forgot, 'mobileNum').fill(mobileNum);
  // A Thai number: a code goes only to the country the account's number was registered in.
  await forgot.getByRole('combobox', { name: ui.t('auth:field.dialingCode'), exact: true }).selectOption('TH');
  await forgot.getByRole('button', { name: ui.t('auth:sms.send'), exact: true }).click();
  const text = await lastMessage(request, HOSTS.lotus, mobileNum);
  await ui.field(forgot, 'verificationCode').fill(codeIn(text));
  const fresh = newPassword();
  await ui.field(forgot, 'newPassword').fill(fresh);
  await forgot.getByRole('button', { name: ui.t('auth:forgot.submit_reset'), exact: true }).click();
  const done = ui.dialog('auth:dialog.title_success');
  await expect(done).toContainText(ui.t('auth:forgot.reset_done'));
  await done.getByRole('button', { name: ui.t('auth:dialog.confirm'), exact: true }).click();
  await expect(ui.loginDialog).toBeVisible();
  await ui.submitLogin(ui.loginDialog, username, fresh);
  await expect(ui.loginDialog).toBeHidden();
});

test('forgot password by e-mail: the link from the inbox opens /resetPassword and the new password works once', async ({ page, ui, request }) => {
  const username = uniqueUsername('m');
  const password = newPassword();
  const email = `${username}@example.com`;
  const reg = await request.put(`${ORIGIN}/wps/member/register`, {
    headers: headers(HOSTS.apsara),
    data: { username, password, confirmPassword: password, email, captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true },
  });
  expect(reg.status(), await reg.text()).toBe(200);

  await page.goto(siteUrl(HOSTS.apsara));
  const login = await ui.openLogin();
  await login.getByRole('button', { name: ui.t('auth:login.forgot') }).click();
  const forgot = ui.dialog('auth:forgot.title');
  await ui.field(forgot, 'username').fill(username);
  await ui.field(forgot, 'email').fill(email);
  await forgot.getByRole('button', { name: ui.t('auth:forgot.submit'), exact: true }).click();
  const sent = ui.dialog('auth:dialog.title_success');
  await expect(sent).toContainText(ui.t('auth:forgot.sent_email'));
  await sent.getByRole('button', { name: ui.t('auth:dialog.confirm'), exact: true }).click();

  const mail = await lastMessage(request, HOSTS.apsara, email);
  const link = mail.match(/(http:\/\/\S+\/resetPassword\?token=[\w-]+)/)![1];
  expect(link.startsWith(siteUrl(HOSTS.apsara))).toBe(true);

  await page.goto(link);
  const reset = ui.dialog('auth:reset.title');
  await expect(reset).toBeVisible();
  const fresh = newPassword();
  await ui.field(reset, 'newPassword').fill(fresh);
  await ui.field(reset, 'confirmNewPassword').fill(fresh);
  await reset.getByRole('button', { name: ui.t('auth:reset.submit'), exact: true }).click();
  const done = ui.dialog('auth:dialog.title_success');
  await expect(done).toContainText(ui.t('auth:reset.done'));
  await done.getByRole('button', { name: ui.t('auth:dialog.confirm'), exact: true }).click();
  await ui.submitLogin(ui.loginDialog, username, fresh);
  await expect(ui.loginDialog).toBeHidden();
  await expect(ui.memberLink(username)).toBeVisible();

  // The link worked once: opening it again says so and offers a new one.
  await page.goto(link);
  const again = ui.dialog('auth:reset.title');
  await ui.field(again, 'newPassword').fill(fresh);
  await ui.field(again, 'confirmNewPassword').fill(fresh);
  await again.getByRole('button', { name: ui.t('auth:reset.submit'), exact: true }).click();
  await expect(again.getByRole('button', { name: ui.t('auth:reset.request_new'), exact: true })).toBeVisible();
});
