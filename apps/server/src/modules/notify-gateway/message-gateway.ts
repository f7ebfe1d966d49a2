import { createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { Config } from '../../config.js';
import type { OutboxRepository } from './outbox.repository.js';

export type Channel = 'sms' | 'email';
export type OutboundMessage = {
  merchantId: bigint;
  channel: Channel;
  /** A phone number (digits, with its country code when known) or an e-mail address. */
  to: string;
  /** What the message is for (`login`, `register`, `reset`, `reset-link`): kept in the outbox, sent to the gateway. */
  purpose: string;
  text: string;
};

/**
 * Sends SMS and e-mail. Every message is recorded in the outbox with its status; the text is kept
 * only by the simulator, whose inbox page is how a demo user reads it. Nothing here logs a text.
 */
export type MessageGateway = {
  kind: 'simulator' | 'http' | 'none';
  /** Throws SERVICE_UNAVAILABLE when the gateway did not take the message (the outbox says failed). */
  send: (m: OutboundMessage) => Promise<void>;
};

type HttpOptions = { url: string; secret: string; timeoutMs: number; fetch?: typeof fetch };

/** The HMAC-SHA256 (hex) of `${timestamp}.${body}` that an HTTP gateway checks in X-Signature. */
export const gatewaySignature = (secret: string, timestamp: string, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const messageGateway = (config: Config['messageGateway'], outbox: OutboxRepository): MessageGateway => {
  if (config.kind === 'none') {
    return {
      kind: 'none',
      send: async () => {
        throw new AppError('FUNCTION_NOT_ENABLED');
      },
    };
  }
  if (config.kind === 'simulator') {
    return {
      kind: 'simulator',
      // The simulator's "phone" and "mailbox" is the outbox itself: delivered the moment it is written.
      send: async (m) => {
        await outbox.add({ merchantId: m.merchantId, channel: m.channel, recipient: m.to, purpose: m.purpose, body: m.text, gateway: 'simulator', status: 'delivered' });
      },
    };
  }
  return httpGateway(config, outbox);
};

/**
 * A provider reached over HTTP: POST {id, channel, to, purpose, text} as JSON to MESSAGE_GATEWAY_URL,
 * signed with X-Timestamp and X-Signature (docs/configuration.md). A 2xx is "sent"; anything else, or
 * no answer within the timeout, is "failed" and the caller is told the service is unavailable.
 */
export const httpGateway = (opts: HttpOptions, outbox: OutboxRepository): MessageGateway => ({
  kind: 'http',
  send: async (m) => {
    const id = await outbox.add({ merchantId: m.merchantId, channel: m.channel, recipient: m.to, purpose: m.purpose, body: null, gateway: 'http', status: 'queued' });
    const body = JSON.stringify({ id: id.toString(), merchantId: m.merchantId.toString(), channel: m.channel, to: m.to, purpose: m.purpose, text: m.text, nonce: randomBytes(12).toString('hex') });
    const timestamp = Math.floor(Date.now() / 1000).toString();
    let failure: string | null = null;
    try {
      const res = await (opts.fetch ?? fetch)(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': gatewaySignature(opts.secret, timestamp, body) },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) failure = `HTTP ${res.status}`;
    } catch (e) {
      failure = e instanceof Error && e.name === 'TimeoutError' ? 'timeout' : 'unreachable';
    }
    await outbox.setStatus(m.merchantId, id, failure ? 'failed' : 'sent', failure);
    if (failure) throw new AppError('SERVICE_UNAVAILABLE');
  },
});
