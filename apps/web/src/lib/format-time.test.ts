import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-time';

describe('list times', () => {
  it('shows the instant in the merchant zone', () => {
    expect(formatDateTime('2025-03-01T17:30:05Z', 'Asia/Phnom_Penh')).toBe('2025-03-02 00:30');
    expect(formatDateTime('2025-03-01T17:30:05Z', 'Asia/Phnom_Penh', true)).toBe('2025-03-02 00:30:05');
    expect(formatDateTime('2025-03-01T17:30:05Z', 'UTC')).toBe('2025-03-01 17:30');
  });
  it('shows a dash for nothing', () => {
    expect(formatDateTime(null, 'UTC')).toBe('—');
    expect(formatDateTime('nope', 'UTC')).toBe('—');
  });
});
