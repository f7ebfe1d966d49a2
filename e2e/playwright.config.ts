import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAPTCHA_ANSWER, OPS_ADMIN, PORT, SIM_PORT, SIM_URL } from './fixtures/constants';

export { CAPTCHA_ANSWER };
// A fresh embedded database per run, so journeys never see a previous run's accounts.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'apsara-e2e-'));

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // npm test asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to add up the totals.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Two processes: the portal, and the vendor simulator (apps/vendor-sim) that plays the third-party
  // catalogue over the seamless protocol and answers the transfer-wallet API. Both sign with the public
  // development secret unless the shell sets VENDOR_SECRETS, which then reaches both alike.
  webServer: [
    {
      name: 'vendor-sim',
      command: 'node --import tsx src/main.ts',
      cwd: '../apps/vendor-sim',
      url: `${SIM_URL}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        VENDOR_SIM_PORT: String(SIM_PORT),
        VENDOR_SIM_HOST: '127.0.0.1',
        // Its seamless calls go to the portal's /vendor-api/… (the portal listens on IPv4).
        APSARA_URL: `http://127.0.0.1:${PORT}`,
        NODE_ENV: 'test',
        // One-minute sportsbook matches, so a bet in play settles while its journey waits; its open
        // bets are kept beside the portal's data of this run.
        VENDOR_SIM_MATCH_MINUTES: '1',
        VENDOR_SIM_DATA_DIR: join(dataDir, 'vendor-sim'),
      },
    },
    {
      name: 'portal',
      command: 'node --import tsx src/main.ts',
      cwd: '../apps/server',
      url: `http://localhost:${PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        CAPTCHA_PROVIDER: 'fixed',
        CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
        NODE_ENV: 'test',
        // The browser stands behind a trusted local proxy: each journey sends its own X-Forwarded-For
        // (fixtures/test.ts), so per-address counters never couple one journey to another.
        TRUST_PROXY: '127.0.0.1,::1',
        OPS_BOOTSTRAP_USER: OPS_ADMIN.username,
        OPS_BOOTSTRAP_PASSWORD: OPS_ADMIN.password,
        // Third-party games launch into the simulator started above, and it holds the game wallets of the
        // transfer vendors (AG, BBIN, PT): the journeys' wallet transfers go through its transfer API.
        VENDOR_SIM_URL: SIM_URL,
        VENDOR_TRANSFER_URL: SIM_URL,
      },
    },
  ],
});
