import { describe, expect, it } from 'vitest';
import { safePayUrl } from './pay-url';

describe('the payment page address', () => {
  const base = 'https://apsara.example';
  it('follows relative and http(s) addresses', () => {
    expect(safePayUrl('/paysim/checkout/6?t=abc', base)).toBe('https://apsara.example/paysim/checkout/6?t=abc');
    expect(safePayUrl('https://pay.example/x', base)).toBe('https://pay.example/x');
  });
  it('never follows script or data URLs', () => {
    expect(safePayUrl('javascript:alert(1)', base)).toBeNull();
    expect(safePayUrl('data:text/html,<script>1</script>', base)).toBeNull();
    expect(safePayUrl('http://[bad', base)).toBeNull();
  });
});
