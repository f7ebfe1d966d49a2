import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { Resvg } from '@resvg/resvg-js';
import { CAPTCHA_REFRESH_MIN_MS } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { ThrottleStore } from '../../lib/throttle.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual, sha256 } from '../../lib/crypto.js';
import type { Config } from '../../config.js';

const TTL_SECONDS = 300;

const answerHash = (id: string, answer: string) => sha256(`${id}:${answer.trim().toLowerCase()}`);

// A light card: coloured glyphs on the dark theme's background were too faint to read.
const renderPng = (svg: string) =>
  new Resvg(svg, { fitTo: { mode: 'width', value: 240 }, background: '#eef1f8' }).render().asPng().toString('base64');

export const captchaService = (db: Database, throttles: ThrottleStore, config: Config['captcha']) => ({
  /** A new single-use captcha; at most one per second per client (spec §5). */
  issue: async (merchantId: bigint, clientKey: string) => {
    const hit = await throttles.hit(`captcha:${merchantId}:${clientKey}`, CAPTCHA_REFRESH_MIN_MS);
    if (hit.count > 1) throw new AppError('RATE_LIMITED');
    const { text, data } = svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: '0oO1ilI', background: '#eef1f8', width: 120, height: 44 });
    const id = randomUUID();
    await db
      .insertInto('captchas')
      .values({ id, merchant_id: merchantId, answer_hash: answerHash(id, text), client_key: clientKey, expires_at: new Date(Date.now() + TTL_SECONDS * 1000) })
      .execute();
    return { captchaId: id, image: renderPng(data), expiresInSeconds: TTL_SECONDS };
  },

  /**
   * Consumes the captcha whatever the answer, so one image can't be guessed at repeatedly.
   * With the test-only fixed provider every captcha accepts the configured answer.
   */
  verify: async (merchantId: bigint, captchaId: string | undefined, answer: string | undefined): Promise<boolean> => {
    const given = answer?.trim();
    if (!given) return false;
    if (config.provider === 'fixed') return given.toLowerCase() === (config.fixedAnswer ?? '').toLowerCase();
    if (!captchaId || !/^[0-9a-f-]{36}$/i.test(captchaId)) return false;
    const row = await db
      .updateTable('captchas')
      .set({ used_at: new Date() })
      .where('id', '=', captchaId)
      .where('merchant_id', '=', merchantId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('answer_hash')
      .executeTakeFirst();
    return !!row && safeEqual(row.answer_hash, answerHash(captchaId, given));
  },

});
export type CaptchaService = ReturnType<typeof captchaService>;
