import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { RECEIPT_MAX_BYTES } from '@apsara/contracts';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { pingDatabase } from './db/database.js';
import { registerErrorHandling, safeErrorSerializer } from './plugins/errors.js';
import { registerContext } from './plugins/context.js';
import { registerAuth } from './plugins/auth.js';
import { registerOperatorAuth } from './plugins/operator-auth.js';
import { throttleStore } from './lib/throttle.js';
import { displayIp } from './lib/ip.js';
import { AppError } from './lib/app-error.js';
import { merchantRepository } from './modules/merchant/merchant.repository.js';
import { memberRepository } from './modules/member/member.repository.js';
import { sessionRepository } from './modules/session/session.repository.js';
import { captchaService } from './modules/captcha/captcha.service.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { sessionService } from './modules/session/session.service.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { loginChallengeRepository } from './modules/session/login-challenge.repository.js';
import { memberService } from './modules/member/member.service.js';
import { memberRoutes } from './modules/member/member.routes.js';
import { systemService } from './modules/system/system.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { agentService } from './modules/agent/agent.service.js';
import { agentRoutes } from './modules/agent/agent.routes.js';
import { agentRepository } from './modules/agent/agent.repository.js';
import { contractsRepository } from './modules/agent/contracts.repository.js';
import { contractsService } from './modules/agent/contracts.service.js';
import { contractsRoutes } from './modules/agent/contracts.routes.js';
import { contractSettlement, type ContractSettlement } from './modules/agent/contracts.settlement.js';
import { verificationService } from './modules/verification/verification.service.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { verificationRepository } from './modules/verification/verification.repository.js';
import { messageGateway } from './modules/notify-gateway/message-gateway.js';
import { outboxRepository } from './modules/notify-gateway/outbox.repository.js';
import { msgsimRoutes } from './modules/notify-gateway/msgsim.routes.js';
import { ledgerRepository } from './modules/ledger/ledger.repository.js';
import { ledgerService } from './modules/ledger/ledger.service.js';
import { opsRepository } from './modules/ops/ops.repository.js';
import { auditRepository } from './modules/ops/audit.repository.js';
import { opsService } from './modules/ops/ops.service.js';
import { opsRoutes } from './modules/ops/ops.routes.js';
import { operatorsService } from './modules/ops/operators.service.js';
import { operatorsRoutes } from './modules/ops/operators.routes.js';
import { walletRepository } from './modules/wallet/wallet.repository.js';
import { walletService } from './modules/wallet/wallet.service.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { EVERY_MEMBER, createEventBus, type EventBus, type RecordNotice } from './lib/events.js';
import { depositRepository } from './modules/deposit/deposit.repository.js';
import { depositService } from './modules/deposit/deposit.service.js';
import { depositRoutes, onlineDepositRoutes } from './modules/deposit/deposit.routes.js';
import { onlineDepositService, type OnlineDepositService } from './modules/deposit/online.service.js';
import { paymentCallbackRoutes, paysimRoutes } from './modules/paysim/paysim.routes.js';
import { bankCardRepository } from './modules/security/bank-card.repository.js';
import { securityService } from './modules/security/security.service.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { responsibleRoutes } from './modules/responsible/responsible.routes.js';
import { responsibleService } from './modules/responsible/responsible.service.js';
import { profileRepository } from './modules/profile/profile.repository.js';
import { profileService } from './modules/profile/profile.service.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { withdrawalRepository } from './modules/withdrawal/withdrawal.repository.js';
import { withdrawalService } from './modules/withdrawal/withdrawal.service.js';
import { withdrawalRoutes } from './modules/withdrawal/withdrawal.routes.js';
import { memberTransferService } from './modules/wallet/member-transfer.service.js';
import { memberTransferRoutes } from './modules/wallet/wallet.routes.js';
import { uploadService } from './modules/upload/upload.service.js';
import { uploadRoutes } from './modules/upload/upload.routes.js';
import { catalogRepository } from './modules/catalog/catalog.repository.js';
import { catalogIndex } from './modules/catalog/catalog.index.js';
import { catalogService } from './modules/catalog/catalog.service.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { gameOffersRepository } from './modules/catalog/game-offers.repository.js';
import { gameOffersService } from './modules/catalog/game-offers.service.js';
import { gameOffersRoutes } from './modules/catalog/game-offers.routes.js';
import { gameWalletRepository } from './modules/game-wallet/game-wallet.repository.js';
import { gameWalletService } from './modules/game-wallet/game-wallet.service.js';
import { seamlessApi } from './modules/game-wallet/seamless-api.js';
import { gameWalletRoutes } from './modules/game-wallet/game-wallet.routes.js';
import { transferWalletService, type TransferWalletService } from './modules/transfer-wallet/transfer-wallet.service.js';
import { httpVendorTransferClient, noVendorConnection } from './modules/transfer-wallet/vendor-client.js';
import { vendorWalletsService } from './modules/transfer-wallet/vendor-wallets.service.js';
import { walletRequestsRepository } from './modules/transfer-wallet/wallet-requests.repository.js';
import { transferWalletRoutes } from './modules/transfer-wallet/transfer-wallet.routes.js';
import { gameWalletReconciler, type GameWalletReconciler } from './modules/transfer-wallet/reconcile.js';
import { inhouseRepository } from './modules/inhouse/inhouse.repository.js';
import { inhouseService } from './modules/inhouse/inhouse.service.js';
import { inhouseRoutes } from './modules/inhouse/inhouse.routes.js';
import { betRecordRepository } from './modules/bet-record/bet-record.repository.js';
import { betRecordService } from './modules/bet-record/bet-record.service.js';
import { betRecordRoutes } from './modules/bet-record/bet-record.routes.js';
import { feedbackRepository } from './modules/feedback/feedback.repository.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { feedbackService } from './modules/feedback/feedback.service.js';
import { messagesRepository } from './modules/messages/messages.repository.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { messagesService } from './modules/messages/messages.service.js';
import { pointsRepository } from './modules/points/points.repository.js';
import { pointsService } from './modules/points/points.service.js';
import { pointsRoutes } from './modules/points/points.routes.js';
import { pointsAccrual, type PointsAccrual } from './modules/points/points.accrual.js';
import { promotionsRepository } from './modules/promotions/promotions.repository.js';
import { promotionsService } from './modules/promotions/promotions.service.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { referralRepository } from './modules/referral/referral.repository.js';
import { referralService, type ReferralService } from './modules/referral/referral.service.js';
import { referralRoutes } from './modules/referral/referral.routes.js';
import { rebateRepository } from './modules/rebate/rebate.repository.js';
import { rebateService } from './modules/rebate/rebate.service.js';
import { rebateRoutes } from './modules/rebate/rebate.routes.js';
import { missionsRepository } from './modules/missions/missions.repository.js';
import { missionsService, type MissionsService } from './modules/missions/missions.service.js';
import { missionsRoutes } from './modules/missions/missions.routes.js';
import { vipRepository } from './modules/vip/vip.repository.js';
import { vipService, type VipService } from './modules/vip/vip.service.js';
import { vipRoutes } from './modules/vip/vip.routes.js';
import { announcementsRepository } from './modules/announcements/announcements.repository.js';
import { announcementsService } from './modules/announcements/announcements.service.js';
import { announcementsRoutes } from './modules/announcements/announcements.routes.js';
import { helpCenterRepository } from './modules/help-center/help-center.repository.js';
import { helpCenterService } from './modules/help-center/help-center.service.js';
import { helpCenterRoutes } from './modules/help-center/help-center.routes.js';
import { articlesRepository } from './modules/articles/articles.repository.js';
import { articlesService } from './modules/articles/articles.service.js';
import { articlesRoutes } from './modules/articles/articles.routes.js';
import { chatRepository } from './modules/chat/chat.repository.js';
import { chatService, type ChatService } from './modules/chat/chat.service.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { backOfficeRepository } from './modules/ops/back-office.repository.js';
import { backOfficeService } from './modules/ops/back-office.service.js';
import { backOfficeRoutes } from './modules/ops/back-office.routes.js';
import { lotteryRepository } from './modules/lottery/lottery.repository.js';
import { lotteryService, type LotteryService } from './modules/lottery/lottery.service.js';
import { lotteryRoutes } from './modules/lottery/lottery.routes.js';

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Items per shared round trip, and such round trips out at once (each holds a pool connection). */
const LEDGER_BATCH = { maxBatch: 64, maxInFlight: 4 };
const LOOKUP_BATCH = { maxBatch: 128, maxInFlight: 2 };

export type AppDeps = { config: Config; database: DatabaseHandle; redis?: Redis };

const API_PREFIXES = ['/wps/', '/ops/', '/pay/', '/paysim/', '/msgsim/', '/lgw/', '/lotto/', '/static/games/', '/vendor-api/', '/docs', '/healthz', '/readyz'];
/** Calls that act for a member are closed during maintenance and to blocked regions; site info stays open. */
const GATED_PREFIXES = ['/wps/session/', '/wps/member/', '/wps/agent/', '/wps/verification/', '/wps/v2/wallets/', '/wps/relay/', '/wps/game/', '/wps/v2/', '/wps/inhouse/', '/wps/feedback', '/wps/messages', '/wps/points/', '/wps/promotions', '/wps/referral', '/wps/rebate', '/wps/lottery/', '/lgw/vn/', '/lotto/', '/wps/missions', '/wps/vip', '/wps/announcements', '/wps/chat'];
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

export const buildApp = async ({ config, database, redis }: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      serializers: { err: safeErrorSerializer },
    },
    // A hop count becomes a function: hop 0 is the socket peer, so N proxies means hops 0..N-1.
    trustProxy: typeof config.trustProxy === 'number' ? ((hops: number) => (_addr: string, hop: number) => hop < hops)(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    // A caller's request id is kept only when it looks like one, so logs can't be seeded with text.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  // Set when the request arrives, so every answer carries it (errors included) without a hook on the way out.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Apsara portal API', version: '0.1.0', description: 'Player portal and agent API. Every response is {success, value} or {success:false, code, message}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  // Security headers; the portal may not be framed (clickjacking of the login popup). The CSP itself
  // is left to the edge, where the CDN hosts for images and game launches are known.
  await app.register(helmet, { contentSecurityPolicy: false, frameguard: { action: 'deny' }, crossOriginEmbedderPolicy: false });
  // Must run before the rate-limit plugin's own onRoute hook reads the limits.
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: { max?: number } } | undefined)?.rateLimit;
    if (limit?.max) limit.max = Math.ceil(limit.max * config.rateLimitScale);
  });
  // Multipart bodies are read only by the routes that ask for them (req.parts()), each with its own
  // limits; these defaults are the ceiling for any that forget.
  await app.register(multipart, { limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 20 } });
  await app.register(rateLimit, { global: false, redis, nameSpace: 'apsara-rl-', skipOnError: true });

  const db = database.db;
  const merchants = merchantRepository(db);
  const members = memberRepository(db);
  // Round trips shared by concurrent requests (lib/batcher.ts): worth it on a PostgreSQL server, where
  // each costs a message each way and a backend's wake-up; the embedded database has one connection.
  const batching = database.kind === 'postgres' && config.dbBatching;
  const sessionsRepo = sessionRepository(db, batching ? { batch: LOOKUP_BATCH } : {});
  const throttles = throttleStore(db);
  const captchas = captchaService(db, throttles, config.captcha);
  const outbox = outboxRepository(db);
  const gateway = messageGateway(config.messageGateway, outbox);
  const verification = verificationService({ repo: verificationRepository(db), throttles, gateway, members, sessions: sessionsRepo, audit: auditRepository(db) });
  const sms = { useCode: verification.useCode, holderOf: verification.holderOf, mobileIssue: verification.mobileError };
  const sessions = sessionService({ sessions: sessionsRepo, members, captchas, throttles, session: config.session, sms, confirm: { challenges: loginChallengeRepository(db), gateway } });
  const inboxRepo = messagesRepository(db);
  const memberSvc = memberService({ members, sessions: sessionsRepo, sessionService: sessions, captchas, unreadMessages: (merchantId, memberId) => inboxRepo.unreadCount({ merchantId, memberId }), availablePromos: (merchant, memberId) => promotions.claimable(merchant, memberId), claimableMissions: (merchant, memberId) => missions.claimable(merchant, memberId), vipFlags: (merchant, memberId, type) => vip.flags(merchant, memberId, type), referrerFor: (merchant, code) => referrals.referrerFor(merchant, code), useRegisterCode: (merchant, dialingCode, mobileNum, code) => verification.useCode(merchant, 'register', dialingCode, mobileNum, code) });
  const system = systemService(merchants);
  const bus = createEventBus(redis);
  app.addHook('onClose', () => bus.close());
  app.decorate('eventBus', bus);
  const ledger = ledgerService(ledgerRepository(db, batching ? { batch: LEDGER_BATCH } : {}), (merchantId, memberIds) => {
    for (const memberId of memberIds) bus.publish({ merchantId: merchantId.toString(), memberId: memberId.toString() });
  });
  const ops = opsService({ ops: opsRepository(db), audit: auditRepository(db), members, ledger, throttles });
  const walletRepo = walletRepository(db, batching ? { batch: LOOKUP_BATCH } : {});
  const wallets = walletService({ ledger, wallets: walletRepo });
  const betRecords = betRecordService({ repo: betRecordRepository(db) });
  const agents = agentService({ members, merchants, repo: agentRepository(db), bets: betRecords, wallets });
  const audit = auditRepository(db);
  const depositRepo = depositRepository(db);
  // Record changes that move no money (a deposit rejected, a withdrawal approved) reach the member's pages too.
  const notify: RecordNotice = (merchantId, memberId, change) => bus.publish({ merchantId: merchantId.toString(), memberId: memberId.toString(), change });
  const online = onlineDepositService({ deposits: depositRepo, ledger, audit, secrets: config.paysim ? { paysim: config.paysim.secret } : {}, notify });
  const deposits = depositService({ deposits: depositRepo, ledger, audit, usable: online.usable, openPayUrl: (row) => online.openPayUrl(row), notify });
  app.decorate('onlineDeposits', online);
  app.decorate('contractSettlement', contractSettlement({ db, ledger, exclusive: database.kind === 'postgres' }));
  const cards = bankCardRepository(db);
  const security = securityService({ db, members, cards });
  const referrals = referralService({ repo: referralRepository(db), ledger, security, merchants: merchants.all });
  app.decorate('referrals', referrals);
  const missions = missionsService({ repo: missionsRepository(db), ledger, security, audit, merchants: merchants.all });
  app.decorate('missions', missions);
  const vip = vipService({ repo: vipRepository(db), ledger, merchants: merchants.all, notify: (merchantId, memberId) => notify(merchantId, memberId, 'vip') });
  app.decorate('vip', vip);
  const promotions = promotionsService({ repo: promotionsRepository(db), ledger, members, security, audit, notify });
  const withdrawals = withdrawalService({ withdrawals: withdrawalRepository(db), cards, members, ledger, audit, security, notify, turnoverPending: promotions.turnoverPending });
  const memberTransfers = memberTransferService({ db, members, ledger, security, turnoverPending: promotions.turnoverPending });
  const gameWalletRepo = gameWalletRepository(db);
  const gameWallet = gameWalletService({ repo: gameWalletRepo, ledger, sessionMs: config.vendorWallet.sessionMs });
  // Transfer-wallet vendors (AG, BBIN, PT) are called at VENDOR_TRANSFER_URL, signed with their
  // VENDOR_SECRETS. Without it (local mode) no vendor is called: game wallets are our own accounts.
  const transferUrl = config.transferWallet.url;
  const transferWallet = transferWalletService({
    db,
    ledger,
    vendor: transferUrl
      ? httpVendorTransferClient({ baseUrl: transferUrl, timeoutMs: config.transferWallet.timeoutMs, secretOf: (code) => config.vendorWallet.secrets[code] ?? config.vendorWallet.fallbackSecret })
      : noVendorConnection,
    log: app.log,
  });
  app.decorate('transferWallet', transferWallet);
  const gameWalletChecks = gameWalletReconciler({ db, transfers: transferWallet, offered: merchants.transferVendors, log: app.log });
  app.decorate('gameWalletChecks', gameWalletChecks);
  const vendorWallets = vendorWalletsService({ wallets, walletRepo, ledger, requests: walletRequestsRepository(db), transfers: transferUrl ? transferWallet : undefined });
  const catalogRepo = catalogRepository(db);
  const catalogIdx = catalogIndex(catalogRepo, { log: app.log });
  const catalog = catalogService({ repo: catalogRepo, index: catalogIdx, throttles, openSession: gameWallet.openSession, prepareLaunch: vendorWallets.prepareLaunch, vendorSimUrl: config.vendorSimUrl });
  // Load the game catalogue before the first request rather than during it.
  app.addHook('onReady', async () => {
    await catalogIdx.current();
  });

  const context = registerContext(app, merchants);
  app.decorate('invalidateMerchantCache', context.invalidate);
  registerAuth(app, sessions);
  registerOperatorAuth(app, ops);

  app.addHook('preHandler', async (request) => {
    // The matched route, not the raw URL: `/wps/%73ession/login` is the same route and must be gated too.
    const route = request.routeOptions.url ?? '';
    if (!GATED_PREFIXES.some((p) => route.startsWith(p))) return;
    const gate = system.gate(request);
    if (gate === 1) throw new AppError('SYSTEM_MAINTENANCE');
    if (gate === 2) throw new AppError('REGION_BLOCKED', [], { data: { ip: displayIp(request.ip) } });
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await pingDatabase(db);
      if (redis) await redis.ping();
      return { status: 'ready', database: database.kind, redis: !!redis };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  systemRoutes(app, system);
  captchaRoutes(app, captchas);
  sessionRoutes(app, sessions);
  memberRoutes(app, memberSvc);
  agentRoutes(app, agents);
  contractsRoutes(app, contractsService({ repo: contractsRepository(db), audit }));
  verificationRoutes(app, verification, config.publicBaseUrl);
  // The simulator's inbox, where a demo reads its codes and reset links; only with the simulator gateway.
  if (config.messageGateway.kind === 'simulator') msgsimRoutes(app, outbox);
  opsRoutes(app, ops);
  operatorsRoutes(app, operatorsService({ ops: opsRepository(db), audit }));
  walletRoutes(app, wallets, bus, vendorWallets);
  depositRoutes(app, deposits);
  onlineDepositRoutes(app, online);
  await paymentCallbackRoutes(app, online);
  if (config.paysim) await paysimRoutes(app, online, config.paysim.secret);
  uploadRoutes(app, uploadService(db));
  securityRoutes(app, security);
  responsibleRoutes(app, responsibleService({ members, sessions: sessionsRepo, throttles, audit }));
  profileRoutes(app, profileService({ db, repo: profileRepository(db), audit }));
  withdrawalRoutes(app, withdrawals);
  memberTransferRoutes(app, memberTransfers);
  catalogRoutes(app, catalog, catalogIdx.refresh);
  gameOffersRoutes(app, gameOffersService({ repo: gameOffersRepository(db), audit, refreshCatalog: catalogIdx.refresh, log: app.log }));
  inhouseRoutes(app, inhouseService({ repo: inhouseRepository(db), wallet: gameWallet }));
  const lottery = lotteryService({ repo: lotteryRepository(db), wallet: gameWallet, audit });
  app.decorate('lottery', lottery);
  lotteryRoutes(app, lottery);
  betRecordRoutes(app, betRecords);
  feedbackRoutes(app, feedbackService({ repo: feedbackRepository(db), captchas, throttles, audit, inbox: inboxRepo, notify }));
  messagesRoutes(app, messagesService({ repo: inboxRepo, members, audit, notify, notifyAll: (merchantId, change) => bus.publish({ merchantId: merchantId.toString(), memberId: EVERY_MEMBER, change }) }));
  const pointsRepo = pointsRepository(db);
  pointsRoutes(app, pointsService({ repo: pointsRepo, ledger, members, security, audit, inbox: inboxRepo, notify }));
  app.decorate('pointsAccrual', pointsAccrual({ repo: pointsRepo, merchants: merchants.all, notify }));
  promotionsRoutes(app, promotions);
  referralRoutes(app, referrals);
  rebateRoutes(app, rebateService({ repo: rebateRepository(db), ledger }));
  missionsRoutes(app, missions);
  vipRoutes(app, vip);
  announcementsRoutes(app, announcementsService({ repo: announcementsRepository(db), audit }));
  helpCenterRoutes(app, helpCenterService({ repo: helpCenterRepository(db), audit, log: app.log }));
  articlesRoutes(app, articlesService({ repo: articlesRepository(db), audit }));
  const chat = chatService({ repo: chatRepository(db), audit, notify, merchants: merchants.all });
  app.decorate('chat', chat);
  chatRoutes(app, chat);
  backOfficeRoutes(app, backOfficeService({ repo: backOfficeRepository(db), audit, invalidateMerchants: () => app.invalidateMerchantCache() }));
  transferWalletRoutes(app, transferWallet, gameWalletChecks);
  await gameWalletRoutes(app, seamlessApi({ wallet: gameWallet, repo: gameWalletRepo, secrets: config.vendorWallet.secrets, fallbackSecret: config.vendorWallet.fallbackSecret }));

  const webDist = resolve(config.webDist ?? new URL('../../web/dist', import.meta.url).pathname);
  if (existsSync(resolve(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    // History-mode routing: any non-API GET that is not a file gets the portal's index.html.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = safeDecode(request.url.split('?')[0]).toLowerCase();
      if (API_PREFIXES.some((p) => path.startsWith(p))) throw new AppError('NOT_FOUND');
      // Built files have their own routes (wildcard: false); a missing asset is a 404, not the portal.
      if (/\.[a-z0-9]{1,8}$/i.test(path) && path !== '/index.html') throw new AppError('NOT_FOUND');
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }

  return app;
};

declare module 'fastify' {
  interface FastifyInstance {
    invalidateMerchantCache: () => void;
    /** Money to and from transfer-wallet vendors; main.ts runs its retry job. */
    transferWallet: TransferWalletService;
    /** Game wallets compared with their vendors; main.ts runs the job when a vendor is connected. */
    gameWalletChecks: GameWalletReconciler;
    /** Online deposit orders; main.ts runs their expiry job. */
    onlineDeposits: OnlineDepositService;
    /** Agent contracts' periods to pay; main.ts runs the settlement job. */
    contractSettlement: ContractSettlement;
    /** Points for play and deposits; main.ts runs the accrual job. */
    pointsAccrual: PointsAccrual;
    /** Invite friends; main.ts runs the reward job. */
    referrals: ReferralService;
    /** Missions and the leaderboard; main.ts runs the settlement job. */
    missions: MissionsService;
    /** VIP ranks; main.ts runs the ranks job. */
    vip: VipService;
    chat: ChatService;
    /** Balance and record-change events for members' live streams (lib/events.ts). */
    eventBus: EventBus;
    /** Apsara's lotteries; main.ts runs the draw job. */
    lottery: LotteryService;
  }
}
