import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboxRepository } from './outbox.repository.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Links in a simulated e-mail become clickable; everything else is text. */
const linkify = (escaped: string) => escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const Query = z.object({ to: z.string().trim().max(254).optional() });

/**
 * The message simulator's inbox (docs/verification.md): the SMS and e-mails the simulator gateway
 * "delivered" to this site's members, newest first, as a page for people (/msgsim/inbox) and as JSON
 * for tests (/msgsim/messages). Registered only when MESSAGE_GATEWAY is the simulator, which is refused
 * in production: this is where every code and reset link can be read.
 */
export const msgsimRoutes = (app: FastifyInstance, outbox: OutboxRepository) => {
  app.get('/msgsim/messages', { schema: { hide: true } }, async (req, reply) => {
    const { to } = Query.parse(req.query);
    const rows = await outbox.recent(req.merchant.id, { recipient: to || undefined, limit: 50 });
    reply.header('cache-control', 'no-store');
    return {
      success: true,
      value: rows.map((r) => ({ id: r.id.toString(), channel: r.channel, to: r.recipient, purpose: r.purpose, text: r.body ?? '', status: r.status, sentAt: r.created_at.toISOString() })),
    };
  });

  app.get('/msgsim/inbox', { schema: { hide: true } }, async (req, reply) => {
    const { to } = Query.parse(req.query);
    const rows = await outbox.recent(req.merchant.id, { recipient: to || undefined, limit: 50 });
    const items = rows.length
      ? rows
          .map(
            (r) => `<li><div class="meta"><span class="ch ch-${r.channel}">${r.channel === 'sms' ? 'SMS' : 'E-mail'}</span> to <b>${escapeHtml(r.recipient)}</b> · ${escapeHtml(r.purpose)} · ${escapeHtml(r.created_at.toISOString().replace('T', ' ').slice(0, 19))} UTC</div><p>${linkify(escapeHtml(r.body ?? ''))}</p></li>`,
          )
          .join('')
      : '<li class="empty">No messages yet. Ask for an SMS code or a password reset e-mail on the portal, then reload this page.</li>';
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Message simulator · ${escapeHtml(req.merchant.name)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#eef2f7;margin:0;color:#1c2733}
main{max-width:720px;margin:0 auto;padding:24px 16px}h1{font-size:20px;margin:0 0 4px}.muted{color:#5b6b7c;font-size:13px}
form{margin:16px 0;display:flex;gap:8px}input{flex:1;font-size:15px;padding:9px 10px;border:1px solid #c6d0db;border-radius:8px}
button{font-size:15px;padding:9px 16px;border-radius:8px;border:0;background:#1565c0;color:#fff;cursor:pointer}
ul{list-style:none;padding:0;margin:0}li{background:#fff;border-radius:12px;box-shadow:0 4px 16px #0001;padding:14px 16px;margin:0 0 10px}
.meta{font-size:13px;color:#5b6b7c}.ch{display:inline-block;font-size:11px;font-weight:700;padding:2px 8px;border-radius:99px;background:#e3f2fd;color:#0d47a1}
.ch-email{background:#fff3cd;color:#7a5b00}p{margin:8px 0 0;font-size:15px;word-break:break-word}.empty{color:#5b6b7c}
.badge{display:inline-block;background:#fff3cd;color:#7a5b00;font-size:12px;padding:2px 8px;border-radius:99px}
</style></head><body><main>
<span class="badge">Message simulator · nothing is really sent</span>
<h1>Inbox of ${escapeHtml(req.merchant.name)}</h1>
<p class="muted">SMS codes and e-mails this site sent, newest first (the last 50).</p>
<form method="get" action="/msgsim/inbox"><input name="to" aria-label="Phone number or e-mail" placeholder="Phone number or e-mail (all when empty)" value="${escapeHtml(to ?? '')}"><button type="submit">Filter</button></form>
<ul>${items}</ul>
</main></body></html>`;
  });
};
