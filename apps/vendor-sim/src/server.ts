import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { fromMinor, toMinor } from '@apsara/contracts';
import { gameView, isCategory, playRound, type Category } from './games.js';
import { renderPage, safeReturnUrl } from './page.js';
import { sign, verify } from './signing.js';
import { transferStore, type FaultMode, type TransferCall, type TransferStore } from './transfer.js';
import { betLog as newBetLog, betLogCall, type BetLog } from './bet-log.js';
import { DEFAULT_MATCH_MS, type Schedule } from './sportsbook.js';
import { sportsBets } from './sportsbook-bets.js';
import { renderSportsbook } from './sportsbook-page.js';
import { TEXTS, fill, langOf, portalRefusal } from './texts.js';

export type SimOptions = {
  /** Where the portal's seamless API lives (APSARA_URL). */
  apsaraUrl: string;
  secretOf: (vendor: string) => string;
  /** The category of a vendor's game (RNG when unknown). */
  categoryOf: (vendor: string, gameCode: string) => Category | undefined;
  transferVendors: ReadonlySet<string>;
  store?: TransferStore;
  /** Rounds played in transfer mode, for the bet-log pull (bet-log.ts). */
  betLog?: BetLog;
  /** How long a simulated timeout holds the request before dropping the connection. */
  hangMs?: number;
  /** Whether POST /admin/faults is open (never when NODE_ENV=production). */
  admin?: boolean;
  fetchImpl?: typeof fetch;
  /** The sportsbook of the sports vendors: how long a match lasts, where open bets are kept, the clock. */
  sports?: { schedule?: Schedule; file?: string; now?: () => number; settleEveryMs?: number };
};

const CODE = /^[A-Z0-9]{2,12}$/;
const GAME = /^[A-Za-z0-9_.-]{1,64}$/;
const TRANSFER_CALLS = new Set<TransferCall>(['deposit', 'withdraw', 'balance', 'status', 'session']);

const readBody = (req: IncomingMessage, limit = 16 * 1024) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new Error('too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type === 'application/json' ? 'application/json; charset=utf-8' : type, 'cache-control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const parse = (raw: string): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The vendor simulator: game pages for the third-party catalogue (their rounds call the portal's
 * seamless wallet, signed), and the transfer-wallet API of AG, BBIN and PT (docs/vendor-protocol.md).
 */
export const createSim = (opts: SimOptions) => {
  const store = opts.store ?? transferStore();
  const bets = opts.betLog ?? newBetLog();
  const doFetch = opts.fetchImpl ?? fetch;
  const hangMs = opts.hangMs ?? 30_000;

  /** One signed call to the portal's seamless API; the answer as parsed JSON (network failures as INTERNAL_ERROR). */
  const seamless = async (vendor: string, call: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    try {
      const res = await doFetch(`${opts.apsaraUrl}/vendor-api/${vendor}/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(opts.secretOf(vendor), raw) },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      return (await res.json()) as Record<string, any>;
    } catch {
      return { status: 'ERROR', code: 'UNREACHABLE', message: 'The portal did not answer' };
    }
  };

  const schedule = opts.sports?.schedule ?? { matchMs: DEFAULT_MATCH_MS };
  const book = sportsBets({ schedule, seamless: (v, c, b) => seamless(v, c, b), file: opts.sports?.file, now: opts.sports?.now });

  /** Wins and endRound must get through: retried with the same transactionId (safe by the protocol). */
  const settle = async (vendor: string, call: string, body: Record<string, unknown>) => {
    let last: Record<string, any> = {};
    for (let i = 0; i < 3; i++) {
      last = await seamless(vendor, call, body);
      if (last.code !== 'UNREACHABLE' && last.code !== 'INTERNAL_ERROR') return last;
    }
    return last;
  };

  const categoryOf = (vendor: string, gameCode: string, given?: string | null): Category => {
    if (given && isCategory(given)) return given;
    return opts.categoryOf(vendor, gameCode) ?? 'RNG';
  };

  const launch = async (res: ServerResponse, vendor: string, gameCode: string, q: URLSearchParams) => {
    const category = categoryOf(vendor, gameCode, q.get('type'));
    const token = q.get('token') ?? '';
    // The player's language, as the portal launched the game: every word of the page follows it.
    const lang = langOf(q.get('lang'));
    const t = TEXTS[lang];
    const base = { vendor, gameCode, category, game: gameView(category, lang), token, lang, returnUrl: safeReturnUrl(q.get('returnUrl') ?? undefined) };
    if (opts.transferVendors.has(vendor)) {
      const playerId = store.playerOf(vendor, token);
      if (!playerId) return send(res, 200, renderPage({ ...base, wallet: 'TRANSFER', error: t.game.unknownLaunch }), 'text/html; charset=utf-8');
      const currency = store.currencyOf(vendor, playerId);
      return send(res, 200, renderPage({ ...base, wallet: 'TRANSFER', player: { name: playerId, balance: fromMinor(store.balanceOf(vendor, playerId)), currency } }), 'text/html; charset=utf-8');
    }
    const a = await seamless(vendor, 'authenticate', { token });
    if (category === 'SPORTS') {
      // The sports vendors' sportsbook: a board of matches, prices and a bet slip; bets settle when their match ends.
      const page = { vendor, gameCode, token, lang, returnUrl: base.returnUrl, tab: /LIVE/.test(gameCode) ? ('inplay' as const) : ('today' as const) };
      if (a.status !== 'OK') return send(res, 200, renderSportsbook({ ...page, error: portalRefusal(lang, a.code, a.message) }), 'text/html; charset=utf-8');
      return send(res, 200, renderSportsbook({ ...page, player: { name: a.displayName, balance: a.balance, currency: a.currency } }), 'text/html; charset=utf-8');
    }
    if (a.status !== 'OK') return send(res, 200, renderPage({ ...base, wallet: 'SEAMLESS', error: portalRefusal(lang, a.code, a.message) }), 'text/html; charset=utf-8');
    return send(res, 200, renderPage({ ...base, wallet: 'SEAMLESS', player: { name: a.displayName, balance: a.balance, currency: a.currency } }), 'text/html; charset=utf-8');
  };

  /** One round from the page: bet, the win (when there is one) and endRound, each signed; its words in the page's language. */
  const play = async (vendor: string, gameCode: string, body: Record<string, unknown>) => {
    const token = typeof body.token === 'string' ? body.token : '';
    const choice = typeof body.choice === 'string' ? body.choice : '';
    const lang = langOf(body.lang);
    const t = TEXTS[lang].game;
    let stake: bigint;
    try {
      stake = toMinor(String(body.stake ?? ''));
    } catch {
      return { ok: false, code: 'AMOUNT_INVALID', message: fill(t.stakeLike, { example: '1.00' }) };
    }
    if (stake <= 0n) return { ok: false, code: 'AMOUNT_INVALID', message: t.stakeAboveZero };
    const category = categoryOf(vendor, gameCode, typeof body.type === 'string' ? body.type : undefined);
    const round = playRound(category, choice, stake, undefined, lang);
    const win = fromMinor(round.payout);

    if (opts.transferVendors.has(vendor)) {
      const playerId = store.playerOf(vendor, token);
      if (!playerId) return { ok: false, code: 'TOKEN_INVALID', message: t.openAgain };
      const openedAt = new Date();
      const r = store.play(vendor, playerId, stake, round.payout);
      if (!r.ok) return { ok: false, code: 'INSUFFICIENT_FUNDS', message: t.transferLow, balance: fromMinor(r.balance) };
      // The vendor's own record of the round: what the portal pulls for its betting record.
      const logged = bets.record({ vendor, playerId, gameCode, roundId: `R-${randomUUID()}`, stake, payout: round.payout, currency: store.currencyOf(vendor, playerId), status: 'closed', openedAt, closedAt: new Date() });
      return { ok: true, text: round.text, win, balance: fromMinor(r.balance), roundId: logged.roundId };
    }

    const id = randomUUID();
    const roundId = `R-${id}`;
    const auth = await seamless(vendor, 'balance', { token });
    if (auth.status !== 'OK') return { ok: false, code: auth.code, message: portalRefusal(lang, auth.code, auth.message) };
    const currency = auth.currency;
    const bet = await seamless(vendor, 'bet', { token, transactionId: `B-${id}`, roundId, amount: fromMinor(stake), currency, gameCode });
    if (bet.status !== 'OK') {
      const message = bet.code === 'INSUFFICIENT_FUNDS' ? t.lowBalance : portalRefusal(lang, bet.code, bet.message);
      if (bet.code === 'UNREACHABLE' || bet.code === 'INTERNAL_ERROR') await settle(vendor, 'rollback', { token, transactionId: `RB-${id}`, roundId, referenceTransactionId: `B-${id}` });
      return { ok: false, code: bet.code, message, balance: bet.balance };
    }
    let balance = bet.balance;
    if (round.payout > 0n) {
      const w = await settle(vendor, 'win', { token, transactionId: `W-${id}`, roundId, amount: win, currency });
      if (w.status === 'OK') balance = w.balance;
    }
    const end = await settle(vendor, 'endRound', { token, roundId });
    if (end.status === 'OK') balance = end.balance;
    return { ok: true, text: round.text, win, balance, roundId };
  };

  const transfer = (res: ServerResponse, vendor: string, call: TransferCall, raw: string, signature: string | undefined) => {
    if (!opts.transferVendors.has(vendor)) return send(res, 404, { status: 'ERROR', code: 'VENDOR_UNKNOWN', message: 'Not a transfer-wallet vendor' });
    if (!verify(opts.secretOf(vendor), raw, signature)) return send(res, 401, { status: 'ERROR', code: 'SIGNATURE_INVALID', message: 'X-Signature is not the HMAC of the body' });
    const body = parse(raw);
    if (!body) return send(res, 400, { status: 'ERROR', code: 'BAD_REQUEST', message: 'The body must be a JSON object' });
    const answer = store.handle(vendor, call, body);
    if (answer.http === 'hang') {
      // A timeout: keep the caller waiting, then drop the connection without an answer.
      const t = setTimeout(() => res.destroy(), hangMs);
      res.on('close', () => clearTimeout(t));
      return;
    }
    return send(res, answer.http, answer.body);
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const parts = url.pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
    try {
      if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { status: 'ok' });
      if (req.method === 'GET' && parts[0] === 'launch' && parts.length === 3 && CODE.test(parts[1]) && GAME.test(parts[2])) return await launch(res, parts[1], parts[2], url.searchParams);
      if (req.method === 'POST' && parts[0] === 'play' && parts.length === 3 && CODE.test(parts[1]) && GAME.test(parts[2])) {
        const body = parse(await readBody(req)) ?? {};
        return send(res, 200, await play(parts[1], parts[2], body));
      }
      if (parts[0] === 'sportsbook' && parts.length === 4 && CODE.test(parts[1]) && GAME.test(parts[2]) && !opts.transferVendors.has(parts[1])) {
        if (req.method === 'GET' && parts[3] === 'state') {
          // The page asks in its language (?lang=): the refusal and the bets' words come back in it.
          const lang = langOf(url.searchParams.get('lang'));
          const who = await seamless(parts[1], 'balance', { token: url.searchParams.get('token') ?? '' });
          if (who.status !== 'OK') return send(res, 200, { ok: false, code: who.code, message: portalRefusal(lang, who.code, who.message) });
          return send(res, 200, { ok: true, balance: who.balance, currency: who.currency, ...book.board(parts[1], who.playerId, lang) });
        }
        if (req.method === 'POST' && parts[3] === 'bet') {
          const body = parse(await readBody(req)) ?? {};
          return send(res, 200, await book.place(parts[1], parts[2], body));
        }
      }
      if (req.method === 'POST' && parts[0] === 'transfer' && parts.length === 3 && CODE.test(parts[1]) && parts[2] === 'bets') {
        const sig = req.headers['x-signature'];
        const answer = betLogCall(bets, opts, parts[1], await readBody(req), typeof sig === 'string' ? sig : undefined);
        return send(res, answer.http, answer.body);
      }
      if (req.method === 'POST' && parts[0] === 'transfer' && parts.length === 3 && CODE.test(parts[1]) && TRANSFER_CALLS.has(parts[2] as TransferCall)) {
        const sig = req.headers['x-signature'];
        return transfer(res, parts[1], parts[2] as TransferCall, await readBody(req), typeof sig === 'string' ? sig : undefined);
      }
      if (req.method === 'POST' && url.pathname === '/admin/faults' && opts.admin !== false) {
        const body = parse(await readBody(req)) ?? {};
        const mode = body.mode as FaultMode;
        if (!['timeout', 'lost', 'fail'].includes(mode)) return send(res, 400, { status: 'ERROR', code: 'BAD_REQUEST', message: 'mode: timeout | lost | fail' });
        store.setFault(mode, Number(body.count ?? 1));
        return send(res, 200, { status: 'OK', mode, count: Number(body.count ?? 1) });
      }
      return send(res, 404, { status: 'ERROR', code: 'NOT_FOUND', message: 'No such page or call' });
    } catch (err) {
      if (!res.headersSent) send(res, 500, { status: 'ERROR', code: 'INTERNAL_ERROR', message: 'The simulator failed' });
    }
  };

  const server = createServer((req, res) => void handler(req, res));
  // Bets whose match has ended are settled on a timer, whether or not anybody has the page open.
  const ticker = setInterval(() => void book.settleDue().catch((err) => console.error('sportsbook settlement failed:', err)), opts.sports?.settleEveryMs ?? 5_000);
  ticker.unref();
  server.on('close', () => clearInterval(ticker));
  return { server, store, betLog: bets, handler, play, sportsbook: book };
};
