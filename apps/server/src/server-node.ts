import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO, seedDemo } from './db/seed.js';
import type { GameSeedResult } from './db/seed-games.js';
import { buildApp } from './app.js';
import { scheduleHousekeeping } from './jobs/housekeeping.js';
import { scheduleWithdrawalAutoConfirm } from './jobs/withdrawal-confirmation.js';
import { scheduleDepositExpiry } from './jobs/deposit-expiry.js';
import { scheduleContractSettlement } from './jobs/contract-settlement.js';
import { scheduleReferralRewards } from './jobs/referral-rewards.js';
import { scheduleLeaderboardSettlement } from './jobs/leaderboard-settlement.js';
import { scheduleVipRanks } from './jobs/vip-ranks.js';
import { scheduleChatIdle } from './jobs/chat-idle.js';
import { scheduleLotteryDraws } from './jobs/lottery-draws.js';
import { schedulePointsAccrual } from './jobs/points-accrual.js';
import { scheduleVendorTransferRetry } from './jobs/vendor-transfer-retry.js';
import { scheduleVendorBetPull, vendorBetPull } from './jobs/vendor-bet-pull.js';
import { scheduleGameWalletReconcile } from './jobs/game-wallet-reconcile.js';
import { bootstrapOperator } from './modules/ops/ops.bootstrap.js';

/** Migrations, then the demo data when SEED_DEMO asks for it: once per start, before any request. */
export const prepareDatabase = async (config: Config, database: DatabaseHandle) => {
  const migrations = await migrateToLatest(database.db);
  let games: GameSeedResult | undefined;
  // `npm start` gets the full demo catalogue (10,000+ games); test suites seed a small one.
  const seeded = config.seedDemo ? await seedDemo(database.db, DEMO, { games: 'full', onGames: (r) => (games = r) }) : [];
  return { migrations, seeded, games };
};

/** The scheduled jobs; in a cluster only one process runs them. Returns what stops them. */
const scheduleJobs = (config: Config, database: DatabaseHandle, app: Awaited<ReturnType<typeof buildApp>>) => {
  const log: FastifyBaseLogger = app.log;
  const stops = [
    scheduleHousekeeping(database.db, log),
    scheduleWithdrawalAutoConfirm(database.db, log),
    scheduleDepositExpiry(app.onlineDeposits, log),
    scheduleContractSettlement(app.contractSettlement, log),
    schedulePointsAccrual(app.pointsAccrual, log),
    scheduleReferralRewards(app.referrals, log),
    scheduleLeaderboardSettlement(app.missions, log),
    scheduleVipRanks(app.vip, log),
    scheduleChatIdle(app.chat, log),
    scheduleLotteryDraws(app.lottery, log),
    scheduleVendorTransferRetry(app.transferWallet, log),
  ];
  // Transfer vendors' rounds reach the betting record only through their bet logs, and their wallets'
  // play reaches the books through syncs; local mode has neither.
  const transferUrl = config.transferWallet.url;
  if (transferUrl) {
    stops.push(
      scheduleVendorBetPull(
        vendorBetPull(database.db, { baseUrl: transferUrl, timeoutMs: config.transferWallet.timeoutMs, secretOf: (code) => config.vendorWallet.secrets[code] ?? config.vendorWallet.fallbackSecret }, log),
        log,
      ),
      scheduleGameWalletReconcile(app.gameWalletChecks, log),
    );
  }
  return () => {
    for (const stop of stops) stop();
  };
};

/**
 * One API process: the database, the app, its jobs when `jobs`, listening on PORT. `prepare` runs
 * migrations and the demo seed first (a cluster's primary does that once for all its processes).
 */
export const runNode = async (config: Config, opts: { prepare: boolean; jobs: boolean; slot?: number }) => {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, preparedStatements: config.preparedStatements });
  const prepared = opts.prepare ? await prepareDatabase(config, database) : undefined;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false }) : undefined;
  redis?.on('error', () => {}); // readiness reports Redis trouble; the connection retries on its own

  const app = await buildApp({ config, database, redis });
  if (prepared) {
    app.log.info({ database: database.kind, ...prepared }, 'database ready');
    await bootstrapOperator(database.db, config.opsBootstrap, app.log);
  }
  if (config.captcha.provider === 'fixed') app.log.warn('CAPTCHA_PROVIDER=fixed: every captcha accepts one known answer. Tests only.');

  const stopJobs = opts.jobs ? scheduleJobs(config, database, app) : () => {};
  // Only the origin: a path or query could carry something that does not belong in a log.
  if (config.transferWallet.url) app.log.info({ origin: new URL(config.transferWallet.url).origin }, 'transfer-wallet vendors are called at VENDOR_TRANSFER_URL');
  else app.log.warn('No VENDOR_TRANSFER_URL: game wallets of transfer vendors are local ledger accounts, no vendor is called (development and tests only)');
  if (config.paysim) app.log.warn('The payment simulator is on (/paysim): online deposits are approved by a click. Never in production.');
  if (config.messageGateway.kind === 'simulator') app.log.warn('The message simulator is on: SMS codes and e-mails are not sent but shown at /msgsim/inbox. Never in production.');
  else if (config.messageGateway.kind === 'http') app.log.info({ origin: new URL(config.messageGateway.url).origin }, 'SMS and e-mail go to MESSAGE_GATEWAY_URL');
  else app.log.warn('No message gateway (MESSAGE_GATEWAY=none): SMS codes, SMS login and password reset are not available');

  if (opts.slot !== undefined) {
    // In a cluster a terminal's Ctrl-C reaches every process of the group; the primary then asks each to
    // stop with SIGTERM, which must be the one signal that starts the close (a second would cut it short).
    for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});
  }
  // Finish in-flight requests, then release the database, on SIGTERM/SIGINT or a fatal error.
  closeWithGrace({ delay: 10_000, ...(opts.slot !== undefined ? { skip: ['SIGINT', 'SIGHUP'] } : {}) }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after a fatal error');
    else app.log.info({ signal }, 'shutting down');
    stopJobs();
    await app.close();
    redis?.disconnect();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (opts.slot !== undefined) app.log.info({ slot: opts.slot, jobs: opts.jobs }, 'API process ready');
};
