import { opsLogin } from '../fixtures/api';
import { DEMO, HOSTS, OPS_ADMIN, PORT } from '../fixtures/constants';
import { snap } from '../fixtures/screens';
import { expect, test } from '../fixtures/test';

/**
 * The agent contract kinds a site runs (spec §2: the agent center's conditional pages). An admin
 * switches hourly salary off in the back office's settings; the agent center leaves the page out of
 * its menu, and at its address says the site no longer offers the kind, with no offer form; the
 * daily wages page keeps its form. The setting is put back through the API whatever happens.
 */
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ALL_ON = { dividend: true, daily: true, hourly: true, realtime: true };

test('an admin switches hourly salary off and the agent center leaves it out', async ({ page, ui, request }, testInfo) => {
  test.setTimeout(120_000);
  const t = ui.t;
  const ops = await page.context().newPage();
  try {
    await test.step('the admin switches hourly salary off', async () => {
      await ops.goto('/backoffice/settings?section=contractKinds');
      await ops.getByLabel(t('ops:login.username'), { exact: true }).fill(OPS_ADMIN.username);
      await ops.getByLabel(t('ops:login.password'), { exact: true }).fill(OPS_ADMIN.password);
      await ops.getByRole('button', { name: t('ops:login.submit'), exact: true }).click();
      await expect(ops.getByRole('tab', { name: t('ops:settings.section.contractKinds'), exact: true })).toHaveAttribute('aria-selected', 'true');
      const hourly = ops.getByRole('switch', { name: t('ops:contentAdmin.contracts.kind.hourly') });
      await expect(hourly).toBeChecked();
      await ops.getByText(t('ops:contentAdmin.contracts.kind.hourly'), { exact: true }).click();
      await expect(hourly).not.toBeChecked();
      await ops.getByRole('button', { name: t('ops:settings.save'), exact: true }).click();
      await expect(ops.getByRole('status').filter({ hasText: t('ops:settings.saved', { section: t('ops:settings.section.contractKinds') }) })).toBeVisible();
    });

    const nav = page.getByRole('navigation', { name: t('auth:agent.nav_label') });
    await test.step('the agent center leaves the page out, and says why at its address', async () => {
      await page.goto('/agent');
      const card = page.getByRole('region', { name: t('auth:agent.login_title') });
      expect((await ui.submitLoginAndWait(card, DEMO.agent.username, DEMO.agent.password)).status()).toBe(200);
      await expect(page).toHaveURL(/\/agentHome$/);
      await expect(nav.getByRole('link', { name: t('auth:agent.page.contractDailySalary'), exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: t('auth:agent.page.contractHourSalary'), exact: true })).toHaveCount(0);

      await page.goto('/agentHome/contractHourSalary');
      const kind = t('auth:agent.contractKind.hourly');
      await expect(page.getByRole('status').filter({ hasText: t('auth:agent.contracts.kind_off', { kind }) })).toBeVisible();
      // agent01 holds no hourly contract: the empty list promises no offer to come.
      await expect(page.getByRole('region', { name: t('auth:agent.contracts.received_title', { kind }) })).toContainText(t('auth:agent.contracts.none_kind_off'));
      await expect(page.getByRole('region', { name: t('auth:agent.contracts.offer_title', { kind }) })).toHaveCount(0);
      await snap(page, testInfo, 'hourly-salary-off');

      await nav.getByRole('link', { name: t('auth:agent.page.contractDailySalary'), exact: true }).click();
      await expect(page.getByRole('region', { name: t('auth:agent.contracts.offer_title', { kind: t('auth:agent.contractKind.daily') }) })).toBeVisible();
    });
  } finally {
    const token = await opsLogin(request);
    const res = await request.patch(`${ORIGIN}/ops/config/contractKinds`, { headers: { Host: `${HOSTS.apsara}:${PORT}`, Authorization: `Bearer ${token}` }, data: ALL_ON });
    expect(res.status()).toBe(200);
  }
});
