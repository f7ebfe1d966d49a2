import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fromMinor, PaymentCallbackBody, PaymentCallbackResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import { sign, type OnlineDepositService } from '../deposit/online.service.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const Params = z.object({ id: z.string().max(20) });
const Query = z.object({ t: z.string().max(64).default('') });

/**
 * The provider side of online payments, for demos and tests: a checkout page where the "customer"
 * pays or declines, and a server-to-server callback signed with the shared secret, sent to our own
 * callback route exactly as a real provider's would be (raw JSON body, X-Signature header).
 * Registered only when the simulator is configured (never in production).
 */
export const paysimRoutes = async (app: FastifyInstance, online: OnlineDepositService, secret: string) =>
  app.register(async (scope) => paysimScope(scope, app, online, secret));

const paysimScope = (app: FastifyInstance, root: FastifyInstance, online: OnlineDepositService, secret: string) => {
  // The checkout buttons are plain HTML forms: their (empty) url-encoded bodies carry nothing we read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, undefined));
  const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef2f7;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c2733}
main{box-sizing:border-box;background:#fff;border-radius:14px;box-shadow:0 8px 30px #0002;padding:28px;width:min(92vw,380px)}
h1{font-size:18px;margin:0 0 4px}.muted{color:#5b6b7c;font-size:13px}.amount{font-size:32px;font-weight:700;margin:18px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px;margin:0 0 20px}dt{color:#5b6b7c}
form{display:inline}button{font-size:15px;padding:11px 18px;border-radius:8px;border:0;cursor:pointer;margin-right:8px}
.pay{background:#1565c0;color:#fff}.decline{background:#e4e8ee;color:#1c2733}.badge{display:inline-block;background:#fff3cd;color:#7a5b00;font-size:12px;padding:2px 8px;border-radius:99px}
</style></head><body><main>${body}</main></body></html>`;

  app.get('/paysim/checkout/:id', { schema: { hide: true } }, async (req, reply) => {
    const { id } = Params.parse(req.params);
    const { t } = Query.parse(req.query);
    const found = await online.checkoutOrder('paysim', id, t);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!found) return reply.code(404).send(page('PaySim', '<h1>PaySim</h1><p>This payment link is not valid.</p>'));
    const { order, status, payable: open } = found;
    const amount = `${fromMinor(order.amount)} ${escapeHtml(order.currency)}`;
    const action = (what: string) => `/paysim/checkout/${order.id}/${what}?t=${encodeURIComponent(t)}`;
    return reply.send(
      page(
        'PaySim checkout',
        `<span class="badge">Payment simulator · test money</span>
<h1>PaySim checkout</h1><p class="muted">Order ${order.id} · ${escapeHtml(order.reference)}</p>
<div class="amount">${amount}</div>
<dl><dt>Status</dt><dd id="status">${escapeHtml(status)}</dd>${order.expires_at ? `<dt>Pay by</dt><dd>${escapeHtml(order.expires_at.toISOString().replace('T', ' ').slice(0, 16))} UTC${open ? ` (in ${Math.max(1, Math.ceil((order.expires_at.getTime() - Date.now()) / 60_000))} min)` : ''}</dd>` : ''}</dl>
${open ? `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${amount}</button></form><form method="post" action="${action('decline')}"><button class="decline" type="submit">Decline</button></form>` : `<a href="/member/depositv2?order=${order.id}">Back to the portal</a>`}`,
      ),
    );
  });

  for (const [what, status] of [['pay', 'PAID'], ['decline', 'FAILED']] as const) {
    app.post(`/paysim/checkout/:id/${what}`, { schema: { hide: true } }, async (req, reply) => {
      const { id } = Params.parse(req.params);
      const { t } = Query.parse(req.query);
      const found = await online.checkoutOrder('paysim', id, t);
      if (!found) return reply.code(404).type('text/html; charset=utf-8').send(page('PaySim', '<h1>PaySim</h1><p>This payment link is not valid.</p>'));
      const { order } = found;
      // A provider closes its checkout when the order's time is up (or it is settled): nothing is
      // charged or declined, no callback is sent.
      if (!found.payable) {
        return reply
          .code(409)
          .type('text/html; charset=utf-8')
          .send(page('PaySim', `<h1>PaySim</h1><p>This order can no longer be paid (${escapeHtml(found.status)}). Nothing was charged.</p><a href="/member/depositv2?order=${order.id}">Back to the portal</a>`));
      }
      const body: PaymentCallbackBody = {
        orderId: order.id.toString(),
        providerReference: `PS${randomBytes(8).toString('hex').toUpperCase()}`,
        amount: fromMinor(order.amount),
        currency: order.currency,
        status,
        timestamp: Math.floor(Date.now() / 1000),
        nonce: randomBytes(16).toString('hex'),
      };
      const raw = JSON.stringify(body);
      // Server to server: the callback goes through our HTTP stack exactly as a provider's request would.
      const res = await root.inject({ method: 'POST', url: '/pay/callback/paysim', payload: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw), host: req.headers.host ?? 'localhost' } });
      if (res.statusCode !== 200) req.log.warn({ orderId: body.orderId, status: res.statusCode }, 'paysim callback refused');
      return reply.redirect(`/member/depositv2?order=${order.id}`, 303);
    });
  }
};

/** POST /pay/callback/:provider — signed by the provider over the raw body; see docs/payments.md, "Online". */
export const paymentCallbackRoutes = async (app: FastifyInstance, online: OnlineDepositService) => {
  await app.register(async (scope) => {
    // The signature covers the bytes as sent: keep them, parse only after the check.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));
    scope.post('/pay/callback/:provider', {
      schema: {
        tags: ['deposit'],
        summary: "A payment provider's server-to-server outcome of an online order: HMAC-SHA256 of the raw body in X-Signature; single-use nonce; timestamp within 5 minutes",
        params: z.object({ provider: z.string().max(32) }),
        body: PaymentCallbackBody,
        response: responses(PaymentCallbackResponse),
      },
      // The body is checked after its signature, in the service; an unknown provider is a 404 there.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
    }, async (req) => {
      const { provider } = req.params as { provider: string };
      const raw = typeof req.body === 'string' ? req.body : '';
      const signature = req.headers['x-signature'];
      return okValue(await online.callback(provider, raw, typeof signature === 'string' ? signature : undefined));
    });
  });
};
