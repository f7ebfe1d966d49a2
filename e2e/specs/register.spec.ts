import { patternMessage } from '@apsara/contracts';
import { registerSetting, uniqueUsername, newPassword } from '../fixtures/api';
import { CAPTCHA_ANSWER } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

test('a bad username shows the pattern message; fixing it registers and shows the member panel', async ({ page, ui, request }) => {
  const rule = (await registerSetting(request)).fields.username;
  const expected = patternMessage(rule.patternId, 'en', rule.minLength, rule.maxLength);
  expect(expected).toMatch(/^Please enter 4 - 16 characters/);

  await page.goto('/');
  const dialog = await ui.openRegister();
  const username = ui.field(dialog, 'username');
  const password = newPassword();

  await username.fill('1a');
  await ui.field(dialog, 'password').fill(password);
  await ui.field(dialog, 'confirmPassword').fill(password);
  await ui.field(dialog, 'captcha').fill(CAPTCHA_ANSWER);
  const terms = dialog.getByRole('checkbox', { name: ui.t('auth:register.terms') });
  const age = dialog.getByRole('checkbox', { name: ui.t('auth:register.age', { age: 18 }) });
  await expect(terms).toBeChecked(); // the merchant's termsDefaultChecked
  await age.check();
  const submit = dialog.getByRole('button', { name: ui.t('auth:register.submit'), exact: true });
  await submit.click();

  // The message sits under the field and is its accessible description.
  await expect(dialog.getByRole('alert').filter({ hasText: expected })).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(expected);
  await expect(dialog).toBeVisible();
  expect(await ui.token()).toBeNull();

  // Fix the username and submit again.
  const name = uniqueUsername('r');
  await username.fill(name);
  await submit.click();

  await expect(ui.registerDialog).toBeHidden();
  // Registration is followed by the welcome-bonus popup (spec §2), with the most the site's bonus pays; dismiss it.
  await expect(ui.bonusDialog).toBeVisible();
  await expect(ui.bonusDialog).toContainText(ui.t('auth:bonus.headline', { amount: '$131.00' }));
  await ui.bonusDialog.getByRole('button', { name: ui.t('auth:bonus.later'), exact: true }).click();
  await expect(ui.bonusDialog).toBeHidden();

  await expect(ui.memberLink(name)).toBeVisible();
  await expect(ui.memberLink(name).getByText(name, { exact: true })).toBeVisible();
  await expect(ui.balance).toHaveText('$0.00');
  await expect(ui.headerLogin).toHaveCount(0);
  expect(await ui.token()).toMatch(/^[\w-]{40,}$/);
});
