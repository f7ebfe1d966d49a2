import type { Locator, Page } from '@playwright/test';
import { escapeRegExp } from '../fixtures/i18n';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Box = { x: number; y: number; width: number; height: number };

const meets = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of whichever of these are on screen now. */
const boxesOf = async (locators: Locator[]) => {
  const boxes: Box[] = [];
  for (const l of locators) {
    // Back-to-top leaves the accessibility tree while hidden (near the top of a page).
    const box = (await l.isVisible()) ? await l.boundingBox() : null;
    if (box) boxes.push(box);
  }
  return boxes;
};

const scrollToEnd = async (page: Page) => {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
};

/**
 * What lies under the given boxes: every control and every line of text of the page itself (not the
 * fixed header, buttons or bars), named by its first words. Scrolling up only moves content down, into
 * the floating buttons and the bar below them, so what they cover at the end of a page can never be
 * scrolled clear of them.
 */
const coveredBy = (page: Page, boxes: Box[]) =>
  page.evaluate((floating) => {
    const pinned = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) if (['fixed', 'sticky'].includes(getComputedStyle(e).position)) return true;
      return false;
    };
    const meet = (a: DOMRect, b: { x: number; y: number; width: number; height: number }) =>
      a.left < b.x + b.width && b.x < a.right && a.top < b.y + b.height && b.y < a.bottom;
    const found: string[] = [];
    const check = (rect: DOMRect, what: string) => {
      if (rect.width && rect.height && floating.some((b) => meet(rect, b))) found.push(`${what} at y ${Math.round(rect.top)}`);
    };
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea')) {
      if (!pinned(el)) check(el.getBoundingClientRect(), `control "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!node.textContent?.trim() || pinned(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) check(rect, `text "${node.textContent.trim().slice(0, 40)}"`);
    }
    return found;
  }, boxes);

/**
 * On a phone the floating buttons at the bottom right (the chat launcher standing on back-to-top) and
 * the Vietnam lottery's slip bar below them stay on screen, and every control and line of the page can
 * still be scrolled clear of them: the last row of the 00–99 grid, each lottery's Results link on
 * /lottery, and the footer's last lines on each page, with or without the chat launcher; and while a
 * field has the focus they step aside.
 */
test('on a phone nothing stays hidden under the floating buttons or the slip bar', async ({ page, ui, freshAccount }, testInfo) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const chat = page.getByRole('button', { name: t('chat:launcher.open'), exact: true });
  const backToTop = page.getByRole('button', { name: t('nav.backToTop'), exact: true });
  const slipBar = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('lottery:slip.title'))}`) });

  await page.goto('/');
  await ui.loginThroughPopup(freshAccount.username, freshAccount.password);

  await test.step('the Vietnam lottery: the grid\'s last row and the end of the page clear the buttons and the slip bar', async () => {
    await page.goto('/vnLottery?gameCode=VN2M');
    const grid = page.getByRole('group', { name: t('lottery:vn.grid', { kind: t('lottery:kind.lo2') }), exact: true });
    const last = grid.getByRole('button').last();
    await expect(last).toHaveText('99');
    await expect(slipBar).toBeVisible();

    await scrollToEnd(page);
    await expect(chat).toBeVisible();
    await expect(backToTop).toBeVisible();
    const floating = await boxesOf([chat, backToTop, slipBar]);
    expect(floating).toHaveLength(3);
    expect(await coveredBy(page, floating)).toEqual([]);
    await snap(page, testInfo, 'vn-lottery-end-390');

    for (const n of ['88', '89', '98', '99']) {
      const cell = grid.getByRole('button').filter({ hasText: new RegExp(`^${n}$`) });
      await cell.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect(cell).toBeInViewport({ ratio: 1 });
      const box = (await cell.boundingBox())!;
      for (const f of await boxesOf([chat, backToTop, slipBar])) expect(meets(box, f), `${n} under a floating control`).toBe(false);
    }
    await snap(page, testInfo, 'vn-lottery-last-row-390');
  });

  await test.step('the full-screen Vietnam lottery (no chat launcher): the footer ends above back-to-top and the slip bar', async () => {
    await page.goto('/vnlottery?gameCode=VN2M');
    await expect(slipBar).toBeVisible();
    await scrollToEnd(page);
    await expect(backToTop).toBeVisible();
    await expect(chat).toHaveCount(0);
    expect(await coveredBy(page, await boxesOf([backToTop, slipBar]))).toEqual([]);
    await snap(page, testInfo, 'vn-lottery-full-end-390');
  });

  await test.step('a field being filled in is never under them: they step aside while it has the focus', async () => {
    await page.goto('/member/transactionHistory');
    const from = page.getByLabel(t('member:history.from'), { exact: true });
    await expect(from).toBeVisible();
    // Far enough down for back-to-top to show; the focus itself does not scroll.
    await scrollToEnd(page);
    await expect(chat).toBeVisible();
    await expect(backToTop).toBeVisible();
    await from.evaluate((el) => (el as HTMLInputElement).focus({ preventScroll: true }));
    await expect(chat).toBeHidden();
    await expect(backToTop).toBeHidden();
    await snap(page, testInfo, 'date-field-focused-390');
    // Focus gone, they are back (the browser may have scrolled the field into view meanwhile).
    await from.blur();
    await scrollToEnd(page);
    await expect(chat).toBeVisible();
    await expect(backToTop).toBeVisible();
  });

  await test.step('the lottery lobby: every Results link and the end of the page clear the buttons', async () => {
    await page.goto('/lottery');
    // "<lottery> results", for every lottery on the page.
    const [before, after] = t('lottery:lobby.results_name', { name: '\u0000' }).split('\u0000').map((s) => escapeRegExp(s!));
    const results = page.getByRole('link', { name: new RegExp(`^${before}.+${after}$`) });
    await expect(results.first()).toBeVisible();
    await scrollToEnd(page);
    await expect(chat).toBeVisible();
    await expect(backToTop).toBeVisible();
    expect(await coveredBy(page, await boxesOf([chat, backToTop]))).toEqual([]);
    await snap(page, testInfo, 'lottery-lobby-end-390');

    for (const link of await results.all()) {
      await link.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      for (const f of await boxesOf([chat, backToTop])) expect(meets(box, f)).toBe(false);
    }
  });
});
