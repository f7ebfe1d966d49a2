import { localize } from '@apsara/contracts';
import { apiLogin, opsLogin } from '../fixtures/api';
import { createAnnouncement, minutesFromNow, patchAnnouncement, shownAnnouncements } from '../fixtures/announcements';
import { DEMO } from '../fixtures/constants';
import { escapeRegExp } from '../fixtures/i18n';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

/*
 * Announcements as the site's operator writes them and its players and agents read them: a player
 * notice and a notice popup written through the operators' API greet a visitor (the popup once, not
 * again after a reload), the notice scrolls in the lobby's marquee and opens the announcement popup
 * selected; an agent reads the agents' notice on the agent center's announcements page.
 */

test.use({ locale: 'en-US' });

const stamp = () => Date.now().toString(36).slice(-6);

test('a visitor meets a new popup once and finds the new notice in the marquee and the announcement popup', async ({ page, ui, request }, testInfo) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const id = stamp();
  const opsToken = await opsLogin(request);
  const written: string[] = [];

  const notice = {
    title: { en: `Maintenance on Sunday ${id}`, km: `ការថែទាំនៅថ្ងៃអាទិត្យ ${id}`, cn: `周日维护 ${id}` },
    lines: [`Deposits pause from 02:00 to 04:00 on Sunday ${id}.`, 'Games and withdrawals stay open.'],
  };
  const popup = {
    title: { en: `Lucky weekend ${id}`, km: `ចុងសប្ដាហ៍សំណាង ${id}`, cn: `幸运周末 ${id}` },
    lines: [`Double points on every slot spin this weekend ${id}.`, 'See the promotions page for the rules.'],
  };

  try {
    await test.step('an operator writes a player notice and a popup shown once', async () => {
      // Shown from a minute ago, and only for a while: a journey that dies here leaves no popup behind for the next ones.
      const window = { startsAt: minutesFromNow(-1), endsAt: minutesFromNow(20) };
      const made = await Promise.all([
        createAnnouncement(request, opsToken, { kind: 'player', title: notice.title, content: { en: notice.lines.join('\n'), km: notice.lines.join('\n'), cn: notice.lines.join('\n') }, ...window }),
        createAnnouncement(request, opsToken, {
          kind: 'popup',
          execution: 'once',
          title: popup.title,
          content: popup.lines.join('\n'),
          imageUrl: '/static/games/categories/RNG.svg',
          url: '/promotions',
          linkageType: 'INTERNAL',
          ...window,
        }),
      ]);
      written.push(...made.map((a) => a.id));
      expect(made.map((a) => a.phase)).toEqual(['showing', 'showing']);
    });

    // The marquee stands still for reduced motion, so the notice can be clicked where it stands.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const popupDialog = page.getByRole('dialog', { name: popup.title.en, exact: true });
    const marquee = page.getByRole('region', { name: t('lobby.noticesLabel'), exact: true });
    const marqueeItem = marquee.getByRole('button', { name: notice.lines[0], exact: true });

    await test.step('the popup greets the visitor on arrival, with its picture, text and link', async () => {
      await page.goto('/');
      await expect(popupDialog).toBeVisible();
      await expect(popupDialog).toContainText(popup.lines[0]);
      await expect(popupDialog).toContainText(popup.lines[1]);
      const picture = popupDialog.locator('img.an-notice__image');
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(popupDialog.getByRole('link', { name: t('announcements:open_link'), exact: true })).toHaveAttribute('href', '/promotions');
      await snap(page, testInfo, 'notice-popup-1280');
      await popupDialog.getByRole('button', { name: t('announcements:notice.close'), exact: true }).click();
      await expect(popupDialog).toBeHidden();
      await expect(marqueeItem).toBeVisible();
      await snap(page, testInfo, 'lobby-1280');
    });

    await test.step('after a reload it does not come back (once)', async () => {
      const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/relay/MCSFE_getListAnnouncements');
      await page.reload();
      await listed;
      // The marquee is drawn from the same answer the popups are decided on: by now the popup would be up.
      await expect(marqueeItem).toBeVisible();
      await expect(popupDialog).toHaveCount(0);
    });

    await test.step('clicking the notice in the marquee opens the announcement popup with it selected', async () => {
      await marqueeItem.click();
      const dialog = ui.dialog('announcements:title');
      await expect(dialog).toBeVisible();
      const list = dialog.getByRole('list', { name: t('announcements:list.notices'), exact: true });
      const item = list.getByRole('button', { name: new RegExp(`^${escapeRegExp(notice.title.en)}`) });
      await expect(item).toHaveAttribute('aria-current', 'true');
      await expect(list.locator('[aria-current="true"]')).toHaveCount(1);
      const article = dialog.getByRole('article', { name: notice.title.en, exact: true });
      await expect(article).toContainText(notice.lines[0]);
      await expect(article).toContainText(notice.lines[1]);
      // Plain text with its line break kept.
      expect(await article.locator('.an-text p').first().evaluate((p) => (p as HTMLElement).innerText)).toBe(notice.lines.join('\n'));

      // The site's promotion notice on the second tab, from what the API shows a visitor.
      const promotion = (await shownAnnouncements(request)).promotion[0];
      expect(promotion, 'the seeded promotion notice').toBeTruthy();
      await dialog.getByRole('tab', { name: new RegExp(`^${escapeRegExp(t('announcements:tab.promotions'))}`) }).click();
      await expect(dialog.getByRole('article', { name: localize(promotion.title, 'en'), exact: true })).toBeVisible();
      await snap(page, testInfo, 'announcement-popup-1280');

      // Another notice, chosen from the list, takes the selection.
      await dialog.getByRole('tab', { name: new RegExp(`^${escapeRegExp(t('announcements:tab.notices'))}`) }).click();
      const others = list.getByRole('button').filter({ hasNotText: notice.title.en });
      const other = others.first();
      const otherTitle = (await other.locator('.an-list__title').textContent()) ?? '';
      await other.click();
      await expect(other).toHaveAttribute('aria-current', 'true');
      await expect(item).not.toHaveAttribute('aria-current', 'true');
      await expect(dialog.getByRole('article', { name: otherTitle, exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('on a phone: the popup again once forgotten, and the announcement popup as a sheet', async () => {
      await page.setViewportSize({ width: 375, height: 812 });
      // What holds the popup back is this browser's memory of it.
      await page.evaluate(() => localStorage.removeItem('apsara.popupsSeen'));
      await page.reload();
      await expect(popupDialog).toBeVisible();
      await snap(page, testInfo, 'notice-popup-375');
      await popupDialog.getByRole('button', { name: t('announcements:notice.close'), exact: true }).click();
      await expect(popupDialog).toBeHidden();
      await snap(page, testInfo, 'lobby-375');
      await marquee.getByRole('button', { name: t('announcements:open_all'), exact: true }).click();
      const dialog = ui.dialog('announcements:title');
      await expect(dialog.getByRole('article')).toBeVisible();
      await snap(page, testInfo, 'announcement-popup-375');
    });
  } finally {
    // Leave the site as it was: later journeys must not meet this popup.
    for (const made of written) await patchAnnouncement(request, opsToken, made, { active: false });
  }
});

test("an agent reads the agents' notice on the agent center's announcements page", async ({ page, ui, request }, testInfo) => {
  const t = ui.t;
  const opsToken = await opsLogin(request);
  const id = stamp();
  const title = { en: `New salary rates ${id}`, km: `អត្រាប្រាក់ខែថ្មី ${id}`, cn: `新工资标准 ${id}` };
  const content = 'Hourly salaries rise from next Monday.\nYour contracts show the new rates.';
  const agentNotice = await createAnnouncement(request, opsToken, { kind: 'agent', title, content, startsAt: minutesFromNow(-1) });

  try {
    // Agents' notices reach agents only.
    expect((await shownAnnouncements(request, { types: 'AG' })).agent).toEqual([]);
    const member = await apiLogin(request, DEMO.member);
    expect((await shownAnnouncements(request, { types: 'AG', token: (member.value as { token: string }).token })).agent).toEqual([]);

    await page.goto('/agent');
    const card = page.getByRole('region', { name: t('auth:agent.login_title') });
    await ui.submitLoginAndWait(card, DEMO.agent.username, DEMO.agent.password);
    await expect(page).toHaveURL(/\/agentHome$/);
    const nav = page.getByRole('navigation', { name: t('auth:agent.nav_label') });
    await nav.getByRole('link', { name: t('auth:agent.page.agentAnnouncement'), exact: true }).click();
    await expect(page).toHaveURL(/\/agentHome\/agentAnnouncement$/);
    await expect(page.getByRole('heading', { level: 1, name: t('auth:agent.page.agentAnnouncement'), exact: true })).toBeVisible();

    const panel = page.getByRole('region', { name: new RegExp(`^${escapeRegExp(t('announcements:list.agent'))}`) });
    const list = panel.getByRole('list', { name: t('announcements:list.agent'), exact: true });
    const item = list.getByRole('button', { name: new RegExp(`^${escapeRegExp(title.en)}`) });
    await expect(item).toBeVisible();
    await item.click();
    await expect(item).toHaveAttribute('aria-current', 'true');
    const article = panel.getByRole('article', { name: title.en, exact: true });
    await expect(article).toContainText('Hourly salaries rise from next Monday.');
    await expect(article).toContainText('Your contracts show the new rates.');
    await snap(page, testInfo, 'agent-announcements-1280');
  } finally {
    await patchAnnouncement(request, opsToken, agentNotice.id, { active: false });
  }
});
