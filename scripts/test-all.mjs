#!/usr/bin/env node
// Runs every test suite of the project and prints one closing line: "tests: N passed, N failed".
//   1. unit tests of contracts and web;
//   2. the server suites on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
//      (each suite isolates itself in a fresh schema of that database);
//   3. the browser journeys (Playwright in Debian's Chromium) against a freshly built portal.
// Set SKIP_E2E=1 to leave out step 3.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'apsara-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// Each failed test by name, printed again at the end: a CI log is often read from its tail only.
const failedTests = [];

const run = (label, cmd, args, { env = {}, cwd = root } = {}) => {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(label);
  return res.status === 0;
};

const countVitest = (file, label) => {
  if (!existsSync(file)) return failures.push(`${label} (no report)`);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failedTests.push(`${label}: ${file.name.replace(root, '')} › ${t.fullName}`);
    // A file that failed before any test ran (an import error, a hook) has no failed test of its own.
    if (file.status === 'failed' && !failed.length) failedTests.push(`${label}: ${file.name.replace(root, '')} (${(file.message ?? 'failed').split('\n')[0]})`);
  }
};

// Playwright's JSON report nests suites; a test failed when its last result did.
const playwrightFailures = (suite, path = []) => {
  const here = suite.title ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'unexpected') failedTests.push(`browser journeys: ${[...here, spec.title].join(' › ')}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
};

const vitest = (label, dir, env = {}, args = []) => {
  const report = join(out, `${label.replace(/\W+/g, '-')}.json`);
  run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args], { cwd: join(root, dir), env });
  countVitest(report, label);
};

vitest('contracts unit tests', 'packages/contracts');
vitest('web unit tests', 'apps/web');
vitest('vendor simulator tests', 'apps/vendor-sim');
vitest('server suites on PGlite', 'apps/server', { DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  // The crash test (a real server process killed under load) runs on its own, after the other suites,
  // so its server's connections and CPU do not compete with theirs.
  vitest('server suites on PostgreSQL', 'apps/server', { DATABASE_URL: process.env.TEST_DATABASE_URL }, ['--exclude', 'test/crash.test.ts']);
  vitest('crash test on PostgreSQL', 'apps/server', { DATABASE_URL: process.env.TEST_DATABASE_URL }, ['test/crash.test.ts']);
} else {
  console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL run of the server suites is skipped)');
}

if (process.env.SKIP_E2E !== '1') {
  if (!existsSync('/usr/bin/chromium')) {
    console.log('\nChromium is missing: installing Debian\'s chromium package (and Khmer/CJK fonts)');
    run('install chromium', 'bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-khmeros fonts-noto-cjk']);
  }
  if (run('build the portal', 'npm', ['run', 'build'])) {
    const report = join(out, 'e2e.json');
    run('browser journeys', 'npx', ['playwright', 'test'], { cwd: join(root, 'e2e'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
    if (existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      const s = json.stats;
      for (const suite of json.suites ?? []) playwrightFailures(suite);
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
    } else failures.push('browser journeys (no report)');
  }
}

rmSync(out, { recursive: true, force: true });
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✗ ${t}`).join('\n')}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
