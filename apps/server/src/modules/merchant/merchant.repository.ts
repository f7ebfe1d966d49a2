import type { Database } from '../../db/database.js';
import { LANGUAGES, type Lang } from '@apsara/contracts';
import { MerchantConfig, type Merchant } from './merchant-config.js';
import type { MerchantRow } from '../../db/schema.js';

const toLang = (v: string): Lang => ((LANGUAGES as readonly string[]).includes(v) ? (v as Lang) : 'km');

const toMerchant = (row: MerchantRow): Merchant => ({
  id: row.id,
  code: row.code,
  name: row.name,
  currency: row.currency,
  currencySymbol: row.currency_symbol,
  timezone: row.timezone,
  defaultLanguage: toLang(row.default_language),
  languages: (row.languages as string[]).map(toLang),
  isDefault: row.is_default,
  config: MerchantConfig.parse(row.config ?? {}),
});

export const merchantRepository = (db: Database) => ({
  /** The merchant serving `domain`, or the default merchant when the domain is unknown. */
  findForDomain: async (domain: string): Promise<{ merchant: Merchant; matched: boolean } | undefined> => {
    const hit = await db
      .selectFrom('merchant_domains as d')
      .innerJoin('merchants as m', 'm.id', 'd.merchant_id')
      .selectAll('m')
      .where('d.domain', '=', domain)
      .executeTakeFirst();
    if (hit) return { merchant: toMerchant(hit), matched: true };
    const fallback = await db.selectFrom('merchants').selectAll().where('is_default', '=', true).executeTakeFirst();
    return fallback ? { merchant: toMerchant(fallback), matched: false } : undefined;
  },
  /** Every merchant with its parsed config (jobs that work across merchants). */
  all: async (): Promise<Merchant[]> => (await db.selectFrom('merchants').selectAll().orderBy('id').execute()).map(toMerchant),
  /** Every merchant's transfer-wallet vendors as its config offers them now (jobs across merchants). */
  transferVendors: async (): Promise<{ merchantId: bigint; vendorCode: string }[]> =>
    (await db.selectFrom('merchants').selectAll().execute()).flatMap((row) => toMerchant(row).config.transferVendors.map((v) => ({ merchantId: row.id, vendorCode: v.code }))),
  mainDomain: async (merchantId: bigint) =>
    (
      await db
        .selectFrom('merchant_domains')
        .select('domain')
        .where('merchant_id', '=', merchantId)
        .orderBy('is_main', 'desc')
        .orderBy('domain')
        .executeTakeFirst()
    )?.domain,
});
export type MerchantRepository = ReturnType<typeof merchantRepository>;
