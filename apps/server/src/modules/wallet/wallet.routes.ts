import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConsolidatedFundsResponse, WalletSyncResponse, isTrialType, MemberTransferBody, MemberTransferResponse, MemberTransferTargetsResponse, MemTransQuery, MemTransResponse, errorMessage, fromMinor, toMinor, WalletBalanceResponse, WalletTransferBody, WalletTransferResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { WalletService, WalletView } from './wallet.service.js';
import { EVERY_MEMBER, type EventBus } from '../../lib/events.js';
import type { MemberTransferService } from './member-transfer.service.js';
import type { VendorWalletsService } from '../transfer-wallet/vendor-wallets.service.js';

const HEARTBEAT_MS = 25_000;
/** An event for the whole site reaches each open stream at a random moment within this. */
const SITE_WIDE_SPREAD_MS = 3_000;

const view = (w: WalletView) => ({ code: w.code, name: w.name, balance: fromMinor(w.balance), held: fromMinor(w.held) });

/**
 * `vendorWallets` moves money to and from game wallets: through the vendor's transfer API when one is
 * connected, between our own accounts otherwise (transfer-wallet/vendor-wallets.service.ts).
 */
export const walletRoutes = (app: FastifyInstance, wallets: WalletService, bus: EventBus, vendorWallets: VendorWalletsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const security = [{ bearer: [] }];

  const consolidated = async (merchant: Merchant, list: WalletView[]) => ({
    total: fromMinor(list.reduce((sum, w) => sum + w.balance, 0n)),
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    wallets: list.map(view),
  });

  r.get('/wps/v2/wallets/balance', { schema: { tags, security, summary: 'The main wallet: balance, held and available', response: responses(WalletBalanceResponse) } }, async (req) => {
    const [main] = await wallets.list(req.merchant, await req.requireAuth());
    return okValue({
      balance: fromMinor(main.balance),
      held: fromMinor(main.held),
      available: fromMinor(main.balance - main.held),
      currency: req.merchant.currency,
      currencySymbol: req.merchant.currencySymbol,
    });
  });

  for (const [method, url] of [['GET', '/wps/member/info/funds/consolidated'], ['GET', '/wps/relay/GCS_merchantWallet']] as const) {
    r.route({
      method,
      url,
      schema: { tags, security, summary: 'The main wallet and every game (vendor) wallet', response: responses(ConsolidatedFundsResponse) },
      handler: async (req) => okValue(await consolidated(req.merchant, await wallets.list(req.merchant, await req.requireAuth()))),
    });
  }

  r.post('/wps/v2/wallets/sync', {
    schema: {
      tags,
      security,
      summary: 'Asks each transfer vendor the member has played with for its balance, books play there since the last sync, and lists every wallet; `unsynced` names the vendors that could not be believed now',
      response: responses(WalletSyncResponse),
    },
    // Each call asks every vendor the member has used: a page opening, not a poll.
    config: { rateLimit: { max: 12, timeWindow: 60_000 } },
  }, async (req) => {
    const { wallets: list, unsynced } = await vendorWallets.syncAll(req.merchant, await req.requireAuth());
    return okValue({ ...(await consolidated(req.merchant, list)), unsynced });
  });

  r.get('/wps/relay/ODSFE2_MemTransDet', {
    schema: { tags, security, summary: 'The account record: the member’s money movements, newest first, 20 a page', querystring: MemTransQuery, response: responses(MemTransResponse) },
  }, async (req) => {
    const page = await wallets.history(req.merchant, await req.requireAuth(), req.query);
    return okValue({ ...page, items: page.items.map((i) => ({ ...i, amount: fromMinor(i.amount), balanceAfter: fromMinor(i.balanceAfter) })) });
  });

  // Open event streams, ended when the server shuts down so it need not wait for browsers to leave.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  r.get('/wps/v2/wallets/events', {
    schema: {
      tags,
      security,
      summary:
        'Server-sent events: `balance` with the main wallet when the stream opens, each time the member’s money moves, when a deposit or withdrawal of theirs changes without moving money (then with `change`, e.g. "deposit:12:rejected"), and within 3 s of a message to them or to every member (`message:<id>`) (text/event-stream)',
    },
  }, async (req, reply) => {
    const auth = await req.requireAuth();
    const merchant = req.merchant;
    reply.hijack();
    const res = reply.raw;
    // Written past Fastify, so the headers set on the reply so far (x-request-id, the security headers) go along by hand.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write('retry: 5000\n\n');
    // One push at a time, each reading the wallet after the one before wrote: the last event sent is
    // never older than a change that caused one.
    let pushes = Promise.resolve();
    // The balance this stream last sent: an event for the whole site (a message to everyone) moves no
    // money, so it repeats it instead of every open stream of the site reading its wallet at once.
    let sent: { balance: string; held: string; available: string } | undefined;
    const push = (change?: string, siteWide = false) => {
      pushes = pushes
        .then(async () => {
          if (!siteWide || !sent) {
            const [main] = await wallets.list(merchant, auth);
            sent = { balance: fromMinor(main.balance), held: fromMinor(main.held), available: fromMinor(main.balance - main.held) };
          }
          if (!res.writableEnded) res.write(`event: balance\ndata: ${JSON.stringify({ ...sent, ...(change ? { change } : {}) })}\n\n`);
        })
        .catch(() => end());
    };
    const spread = new Set<NodeJS.Timeout>();
    const off = bus.subscribe((e) => {
      if (e.merchantId !== merchant.id.toString()) return;
      if (e.memberId === auth.memberId.toString()) push(e.change);
      else if (e.memberId === EVERY_MEMBER && !isTrialType(auth.type)) {
        // Spread over a few seconds, so the site's open pages do not all read their inbox in the same instant.
        const timer = setTimeout(() => {
          spread.delete(timer);
          push(e.change, true);
        }, Math.floor(Math.random() * SITE_WIDE_SPREAD_MS));
        spread.add(timer);
      }
    });
    // The balance as it stands once subscribed: a client that reconnects (or a tab that takes the
    // stream over) catches up on what it missed, and nothing can fall between the two.
    push();
    const ping = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const end = () => {
      off();
      clearInterval(ping);
      for (const timer of spread) clearTimeout(timer);
      streams.delete(end);
      if (!res.writableEnded) res.end();
    };
    streams.add(end);
    req.raw.on('close', end);
  });

  r.post('/wps/relay/GCS_walletTransfer', {
    schema: {
      tags,
      security,
      summary:
        'Moves money between the main wallet and a game wallet, or recovers every game wallet. With a transfer vendor connected the vendor moves it too: `status: pending` (code VENDOR_TRANSFER_PENDING) until it confirms; resend the same request to see where it stands',
      body: WalletTransferBody,
      response: responses(WalletTransferResponse),
    },
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  }, async (req) => {
    const auth = await req.requireAuth();
    const body = req.body;
    const result =
      'recoverAll' in body
        ? await vendorWallets.recoverAll(req.merchant, auth, body.idempotencyKey)
        : await vendorWallets.transfer(req.merchant, auth, { from: body.from, to: body.to, amount: toMinor(body.amount), idempotencyKey: body.idempotencyKey });
    // A movement the vendor has not confirmed yet is answered as pending, with a code and words for it.
    const pending = result.status === 'pending' ? { code: 'VENDOR_TRANSFER_PENDING' as const, message: errorMessage('VENDOR_TRANSFER_PENDING', req.lang) } : {};
    return okValue({
      moved: result.moved.map((m) => ({ from: m.from, to: m.to, amount: fromMinor(m.amount), ...(m.status ? { status: m.status, transactionId: m.transactionId } : {}) })),
      replayed: result.replayed,
      wallets: (result.wallets ?? (await wallets.list(req.merchant, auth))).map(view),
      status: result.status,
      ...pending,
      ...(result.skipped ? { skipped: result.skipped } : {}),
    });
  });
};

/** transferUpline: member ↔ upline agent, agent → direct downline. */
export const memberTransferRoutes = (app: FastifyInstance, transfers: MemberTransferService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const security = [{ bearer: [] }];
  r.get('/wps/v2/transfers/member', {
    schema: { tags, security, summary: 'Who the member may send money to: the upline agent, and for agents their direct downlines', response: responses(MemberTransferTargetsResponse) },
  }, async (req) => okValue(await transfers.targets(req.merchant, await req.requireAuth())));
  r.post('/wps/v2/transfers/member', {
    schema: {
      tags,
      security,
      summary: 'Sends money from the main wallet to the upline agent, or (agents) to a direct downline; payment password required; idempotent per key',
      body: MemberTransferBody,
      response: responses(MemberTransferResponse),
    },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => okValue(await transfers.transfer(req.merchant, await req.requireAuth(), req.body)));
};
