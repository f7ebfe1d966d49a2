import { describe, expect, it } from 'vitest';
import { parseSse } from './sse';

describe('parseSse', () => {
  it('returns whole events and keeps a partial one for the next chunk', () => {
    const first = parseSse('retry: 5000\n\nevent: balance\ndata: {"balance":"1.00"}\n\n: ping\n\nevent: bal');
    expect(first.events).toEqual([{ event: 'balance', data: '{"balance":"1.00"}' }]);
    const second = parseSse(`${first.rest}ance\ndata: {"balance":"2.00"}\n\n`);
    expect(second.events).toEqual([{ event: 'balance', data: '{"balance":"2.00"}' }]);
    expect(second.rest).toBe('');
  });

  it('joins multi-line data and accepts CRLF', () => {
    expect(parseSse('data: a\r\ndata: b\r\n\r\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
