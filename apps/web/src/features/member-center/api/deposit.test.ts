import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../lib/memory-storage.test-helper';

vi.stubGlobal('sessionStorage', new MemoryStorage());
const { createBankDeposit } = await import('./deposit');
const { uploadImage } = await import('./withdrawal');

const deposit = {
  id: '5',
  channelId: 'bank-transfer',
  type: 'BANK_TRANSFER',
  amount: '100.00',
  currency: 'USD',
  reference: 'TXN-001',
  status: 'pending',
  receiptId: 'r1',
  ledgerTransactionId: null,
  reviewNote: null,
  createdAt: '2025-03-01T00:00:00Z',
  reviewedAt: null,
  expiresAt: null,
  decidedBy: null,
  replayed: false,
};

describe('multipart calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('POST /wps/v2/deposit/bank sends the text fields and one `receipt` file', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, value: deposit }), { status: 200 }));
    const receipt = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'r.png', { type: 'image/png' });
    const value = await createBankDeposit({ channelId: 'bank-transfer', amount: '100.00', reference: 'TXN-001', idempotencyKey: 'dep-0123456789' }, receipt);
    expect(value.id).toBe('5');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/wps/v2/deposit/bank');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['channelId', 'amount', 'reference', 'idempotencyKey', 'receipt']);
    expect(form.get('idempotencyKey')).toBe('dep-0123456789');
    expect((form.get('receipt') as File).name).toBe('r.png');
  });

  it('POST /wps/v2/uploads sends one `file`', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, value: { id: 'u-1', contentType: 'image/png', size: 4 } }), { status: 200 }));
    await uploadImage(new File([new Uint8Array([1])], 'p.png', { type: 'image/png' }));
    const form = fetchMock.mock.calls[0][1]?.body as FormData;
    expect([...form.keys()]).toEqual(['file']);
  });
});
