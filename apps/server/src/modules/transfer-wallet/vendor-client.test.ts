import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpVendorTransferClient } from './vendor-client.js';

const reply = (status: number, body: unknown) => async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('transfer-wallet vendor client', () => {
  it('signs the raw body and posts to <base>/transfer/<vendor>/<call>', async () => {
    let seen: { url: string; raw: string; sig: string } | undefined;
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen = { url, raw: String(init.body), sig: (init.headers as Record<string, string>)['x-signature'] };
      return new Response(JSON.stringify({ status: 'OK', balance: '1.00' }));
    }) as unknown as typeof fetch;
    const client = httpVendorTransferClient({ baseUrl: 'http://sim', secretOf: () => 'a-secret-of-16-chars', fetchImpl });
    expect(await client('AG', 'balance', { playerId: 'm1-2' })).toEqual({ kind: 'ok', body: { status: 'OK', balance: '1.00' } });
    expect(seen!.url).toBe('http://sim/transfer/AG/balance');
    expect(seen!.sig).toBe(createHmac('sha256', 'a-secret-of-16-chars').update(seen!.raw).digest('hex'));
  });

  it('a 4xx ERROR is a refusal; 5xx, garbage, timeouts and no secret are "no answer"', async () => {
    const make = (f: () => Promise<Response>, timeoutMs?: number) => httpVendorTransferClient({ baseUrl: 'http://sim', secretOf: (v) => (v === 'AG' ? 'a-secret-of-16-chars' : undefined), fetchImpl: f as unknown as typeof fetch, timeoutMs });
    expect(await make(reply(402, { status: 'ERROR', code: 'INSUFFICIENT_FUNDS' }))('AG', 'withdraw', {})).toMatchObject({ kind: 'refused', code: 'INSUFFICIENT_FUNDS' });
    expect(await make(reply(500, { status: 'ERROR', code: 'INTERNAL_ERROR' }))('AG', 'deposit', {})).toEqual({ kind: 'unavailable', reason: 'HTTP 500' });
    expect(await make(reply(200, '<html>'))('AG', 'deposit', {})).toMatchObject({ kind: 'unavailable' });
    expect(await make(reply(200, { status: 'ERROR' }))('AG', 'deposit', {})).toMatchObject({ kind: 'unavailable' });
    expect(await make(reply(200, {}))('BBIN', 'deposit', {})).toEqual({ kind: 'unavailable', reason: 'no secret for this vendor', notSent: true });
    const hang = (async (_u: string, init: RequestInit) =>
      new Promise<Response>((_r, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as () => Promise<Response>;
    expect(await make(hang, 50)('AG', 'deposit', {})).toEqual({ kind: 'unavailable', reason: 'timeout' });
  });

  it('a refused connection is known not to have reached the vendor; a dropped one is not', async () => {
    // A port nobody listens on: the connection is refused before one byte of the request leaves.
    const free = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const refused = httpVendorTransferClient({ baseUrl: `http://127.0.0.1:${free}`, secretOf: () => 'a-secret-of-16-chars' });
    expect(await refused('AG', 'deposit', {})).toEqual({ kind: 'unavailable', reason: 'connection refused', notSent: true });
    // A server that accepts the request and hangs up without answering may have applied it.
    const rude = createServer((req) => req.socket.destroy());
    await new Promise<void>((r) => rude.listen(0, '127.0.0.1', r));
    try {
      const dropped = httpVendorTransferClient({ baseUrl: `http://127.0.0.1:${(rude.address() as AddressInfo).port}`, secretOf: () => 'a-secret-of-16-chars' });
      expect(await dropped('AG', 'deposit', {})).toEqual({ kind: 'unavailable', reason: 'connection failed' });
    } finally {
      await new Promise<void>((r) => rude.close(() => r()));
    }
  });
});
