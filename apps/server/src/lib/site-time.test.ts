import { describe, expect, it } from 'vitest';
import { siteMoment } from './site-time.js';

describe('siteMoment', () => {
  it("writes a moment in the site's zone with its offset", () => {
    const at = new Date('2026-12-04T22:30:00Z');
    expect(siteMoment(at, 'Asia/Phnom_Penh')).toBe('2026-12-05 05:30 GMT+7');
    expect(siteMoment(at, 'UTC')).toMatch(/^2026-12-04 22:30 GMT(\+0)?$/);
    expect(siteMoment(new Date('2026-07-01T00:05:00Z'), 'Asia/Kolkata')).toBe('2026-07-01 05:35 GMT+5:30');
  });
});
