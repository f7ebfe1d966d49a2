import closeWithGrace from 'close-with-grace';
import { Redis } from 'ioredis';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO, seedDemo } from './db/seed.js';
import type { GameSeedResult } from './db/seed-games.js';
import { buildApp } from './app.js';
import { scheduleHousekeeping } from './jobs/housekeeping.js';
import { scheduleWithdrawalAutoConfirm } from './jobs/withdrawal-confirmation.js';
import { scheduleVendorTransferRetry } from './jobs/vendor-transfer-retry.js';
import { scheduleVendorBetPull, vendorBetPull } from './jobs/vendor-bet-pull.js';
import { bootstrapOperator } from './modules/ops/ops.bootstrap.js';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, preparedStatements: config.preparedStatements });
const applied = await migrateToLatest(database.db);
let games: GameSeedResult | undefined;
// `npm start` gets the full demo catalogue (10,000+ games); test suites seed a small one.
const seeded = config.seedDemo ? await seedDemo(database.db, DEMO, { games: 'full', onGames: (r) => (games = r) }) : [];
const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false }) : undefined;
redis?.on('error', () => {}); // readiness reports Redis trouble; the connection retries on its own

const app = await buildApp({ config, database, redis });
app.log.info({ database: database.kind, migrations: applied, seeded, games }, 'database ready');
await bootstrapOperator(database.db, config.opsBootstrap, app.log);
if (config.captcha.provider === 'fixed') app.log.warn('CAPTCHA_PROVIDER=fixed: every captcha accepts one known answer. Tests only.');

const stopHousekeeping = scheduleHousekeeping(database.db, app.log);
const stopAutoConfirm = scheduleWithdrawalAutoConfirm(database.db, app.log);
const stopTransferRetry = scheduleVendorTransferRetry(app.transferWallet, app.log);
// Transfer vendors' rounds reach the betting record only through their bet logs; local mode has none.
const transferUrl = config.transferWallet.url;
const stopBetPull = transferUrl
  ? scheduleVendorBetPull(
      vendorBetPull(database.db, { baseUrl: transferUrl, timeoutMs: config.transferWallet.timeoutMs, secretOf: (code) => config.vendorWallet.secrets[code] ?? config.vendorWallet.fallbackSecret }, app.log),
      app.log,
    )
  : () => {};
// Only the origin: a path or query could carry something that does not belong in a log.
if (config.transferWallet.url) app.log.info({ origin: new URL(config.transferWallet.url).origin }, 'transfer-wallet vendors are called at VENDOR_TRANSFER_URL');
else app.log.warn('No VENDOR_TRANSFER_URL: game wallets of transfer vendors are local ledger accounts, no vendor is called (development and tests only)');
if (config.paysim) app.log.warn('The payment simulator is on (/paysim): online deposits are approved by a click. Never in production.');

// Finish in-flight requests, then release the database, on SIGTERM/SIGINT or a fatal error.
closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after a fatal error');
  else app.log.info({ signal }, 'shutting down');
  stopHousekeeping();
  stopAutoConfirm();
  stopTransferRetry();
  stopBetPull();
  await app.close();
  redis?.disconnect();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
