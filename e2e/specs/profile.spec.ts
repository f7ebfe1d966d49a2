import { newPassword, uniqueUsername } from '../fixtures/api';
import { CAPTCHA_ANSWER } from '../fixtures/constants';
import { expect, test } from '../fixtures/test';

/**
 * The member's profile (docs/profile.md): a new member fills it in, is stopped by an under-age
 * birthday, confirms the two fields that lock, and after a reload finds everything kept, the full
 * name and birthday read only with the way to have them changed.
 */
test('a new member fills the profile; an under-age birthday is refused; after a reload the name and birthday are locked', async ({ page, ui }) => {
  // Registration through the popup and three full page loads: slower than one minute on a busy machine.
  test.setTimeout(120_000);
  const t = ui.t;
  const username = uniqueUsername('pf');
  const password = newPassword();
  const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-06-15`;
  /** 1990-04-17 as the portal writes a date in the journey's language ("17 April 1990"). */
  const birthdayShown = ui.t('dates.day', { day: 17, month: ui.t('dates.month.4'), year: 1990 });

  await page.goto('/');
  await ui.registerThroughPopup(username, password, CAPTCHA_ANSWER);
  await ui.memberLink(username).click();
  await expect(ui.memberPageHeading('overview')).toBeVisible();
  await ui.openMemberPage('profile');

  const panel = ui.panel('member:profile.title');
  const field = (key: string) => panel.getByLabel(t(`member:profile.${key}`), { exact: true });
  const save = panel.getByRole('button', { name: t('member:profile.save'), exact: true });
  await expect(panel).toContainText(t('member:profile.filled', { done: 0, total: 8 }));
  await expect(field('birthday')).toHaveAccessibleDescription(t('member:profile.birthday_hint', { age: 18 }));

  await test.step('the badge counts the fields as they are typed; an under-age birthday is refused in place, and nothing is saved', async () => {
    await field('fullname').fill('Sok  Dara');
    await expect(panel).toContainText(t('member:profile.filled', { done: 1, total: 8 }));
    await field('birthday').fill(tenYearsAgo);
    await expect(panel).toContainText(t('member:profile.filled', { done: 2, total: 8 }));
    await save.click();
    // The error takes the hint's place under the field.
    await expect(field('birthday')).toHaveAccessibleDescription(t('member:profile.errors.minAge', { age: 18 }));
    await expect(panel.getByText(t('member:profile.birthday_hint', { age: 18 }), { exact: true })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: t('member:profile.confirm_yes'), exact: true })).toHaveCount(0);
  });

  await test.step('the whole form, confirmed before the name and birthday lock', async () => {
    await field('birthday').fill('1990-04-17');
    await field('permanentAddress').fill('#12, Street 271, Phnom Penh');
    await field('currentAddress').fill('Siem Reap');
    await field('placeOfBirth').fill('Battambang');
    await field('nationality').selectOption('KH');
    await expect(field('nationality').locator('option:checked')).toHaveText('Cambodia');
    await field('occupation').fill('Engineer');
    await field('sourceOfIncome').selectOption('salary');
    await save.click();
    const confirm = panel.getByRole('alert').filter({ hasText: t('member:profile.confirm_lock') });
    await expect(confirm).toContainText('Sok Dara');
    // The birthday written out in the reader's language (this journey reads English).
    await expect(confirm).toContainText(birthdayShown);
    await expect(confirm).toContainText(t('member:profile.confirm_age', { age: 18 }));
    await confirm.getByRole('button', { name: t('member:profile.confirm_yes'), exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText(t('member:profile.saved'));
    await expect(panel).toContainText(t('member:profile.filled', { done: 8, total: 8 }));
  });

  await test.step('after a reload everything is kept; name and birthday are read only, with how to change them', async () => {
    await page.reload();
    await expect(ui.memberPageHeading('profile')).toBeVisible();
    await expect(field('fullname')).toHaveValue('Sok Dara');
    await expect(field('fullname')).toHaveAttribute('readonly', '');
    await expect(field('birthday')).toHaveValue(birthdayShown);
    await expect(field('birthday')).toHaveAttribute('readonly', '');
    await expect(field('birthday')).toHaveAccessibleDescription(new RegExp(t('member:profile.locked_note')));
    await expect(panel.getByRole('button', { name: t('member:profile.contact_cs'), exact: true }).first()).toBeVisible();
    await expect(field('permanentAddress')).toHaveValue('#12, Street 271, Phnom Penh');
    await expect(field('currentAddress')).toHaveValue('Siem Reap');
    await expect(field('placeOfBirth')).toHaveValue('Battambang');
    await expect(field('nationality')).toHaveValue('KH');
    await expect(field('occupation')).toHaveValue('Engineer');
    await expect(field('sourceOfIncome')).toHaveValue('salary');
  });

  await test.step('the other fields stay editable', async () => {
    await field('currentAddress').fill('Kampot');
    await save.click();
    await expect(panel.getByRole('status')).toHaveText(t('member:profile.saved'));
    await page.reload();
    await expect(field('currentAddress')).toHaveValue('Kampot');
  });

  await test.step('the security center shows the same real name, locked', async () => {
    await ui.openMemberPage('securityCenter');
    const realName = ui.panel('member:security.items_title').getByRole('listitem').filter({ hasText: t('member:security.real_name') });
    await expect(realName).toContainText('Sok Dara');
    await expect(realName).toContainText(t('member:security.real_name_locked'));
  });
});
