import { PointsConfig } from '@apsara/contracts';
import type { Database } from './database.js';
import type { MerchantConfig } from '../modules/merchant/merchant-config.js';
import { hashPassword } from '../lib/password.js';
import { seedGames, type GameSeedResult } from './seed-games.js';
import { seedPointGoods } from './seed-points.js';
import { DEMO_PROMOTIONS, seedPromotions } from './seed-promotions.js';
import { seedMissions } from './seed-missions.js';
import { seedAnnouncements } from './seed-announcements.js';
import { seedHelpCenter } from './seed-help-center.js';
import { seedArticles } from './seed-articles.js';
import type { CatalogSize } from '../modules/catalog/catalog-data.js';

type DemoMerchant = {
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  timezone: string;
  isDefault: boolean;
  domains: string[];
  config: Partial<MerchantConfig> & Record<string, unknown>;
  members: { username: string; password: string; type: number; nickname: string; affiliateCode?: string; parent?: string; balance?: bigint; mobileNum?: string; countryDialingCode?: string; email?: string }[];
};

const support = (brand: string) => ({
  customerService: [
    { csPosition: 'LEFT_MENU', csType: 'LIVECHAT', title: { en: `${brand} live chat`, km: `ជជែកផ្ទាល់ជាមួយ ${brand}`, cn: `${brand} 在线客服` }, path: '/help?topic=chat' },
    { csPosition: 'LEFT_MENU', csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/apsara_support' },
    { csPosition: 'FOOTER', csType: 'EMAIL', title: 'support@apsara.example', path: 'mailto:support@apsara.example' },
    { csPosition: 'BONUS', csType: 'ZALO', title: 'Zalo', path: 'https://zalo.me/0900000000' },
    { csPosition: 'BONUS', csType: 'WHATSAPP', title: 'WhatsApp', path: 'https://wa.me/85500000000' },
  ],
  resources: [
    { resourceType: 'FACEBOOK', url: 'https://facebook.com/apsara.example' },
    { resourceType: 'TELEGRAM', url: 'https://t.me/apsara_support' },
    { resourceType: 'WHATSAPP', url: 'https://wa.me/85500000000' },
    { resourceType: 'YOUTUBE', url: 'https://youtube.com/@apsara.example' },
    { resourceType: 'INSTAGRAM', url: 'https://instagram.com/apsara.example' },
  ],
});

/** Demo data a newcomer can sign in with; documented in README. */
export const DEMO: DemoMerchant[] = [
  {
    code: 'APSARA',
    name: 'Apsara',
    currency: 'USD',
    currencySymbol: '$',
    timezone: 'Asia/Phnom_Penh',
    isDefault: true,
    domains: ['localhost', '127.0.0.1', 'apsara.localhost'],
    config: {
      flags: {
        USERNAMEREG3: true, MOBILENUMREG3: false, MOBILENUMPASSREG3: false, REGMOBVERF3: false, FREEPLAY3: true,
        PWDEXPFORCECHANGE3: true, MOBILEVERCODELOGIN3: false, AGENTPOLICY3: true, PTSYS3: true, MANPLAYREB3: true,
      },
      mainDomain: 'localhost',
      supportHours: { en: '09:00–24:00 (GMT+7), every day', km: '09:00–24:00 (GMT+7) រៀងរាល់ថ្ងៃ', cn: '每天 09:00–24:00 (GMT+7)' },
      licenceCompany: 'Apsara Entertainment Ltd.',
      // Every 10.00 of bets earns a point (the default); deposits earn 5 points per 100.00 here.
      points: PointsConfig.parse({ earn: { deposit: { perAmount: '100.00', points: 5 } } }),
      // Invite friends: 10.00 for each friend who deposits 50.00 and bets 50.00 (the defaults), on here.
      referral: { enabled: true, reward: '10.00', minDeposit: '50.00', minBets: '50.00' },
      // The register form's promise and the bonus popup after sign-up (customer service credits it).
      signupBonus: { maxAmount: '131.00' },
      // Missions, and a weekly leaderboard by bets paying its top ten (docs/missions.md).
      missions: {
        enabled: true,
        leaderboard: { enabled: true, period: 'weekly', minBets: '100.00', prizes: ['188.00', '88.00', '58.00', '38.00', '28.00', '18.00', '18.00', '8.00', '8.00', '8.00'], settleDelayMinutes: 15 },
        minRoundStake: '1.00',
      },
      // VIP ranks by bets and deposits since joining, each paying an upgrade bonus once (docs/vip.md).
      vip: {
        enabled: true,
        levels: [
          { minBets: '1000.00', minDeposits: '100.00', upgradeBonus: '5.00' },
          { minBets: '5000.00', minDeposits: '500.00', upgradeBonus: '18.00' },
          { minBets: '20000.00', minDeposits: '2000.00', upgradeBonus: '58.00' },
          { minBets: '50000.00', minDeposits: '5000.00', upgradeBonus: '128.00' },
          { minBets: '100000.00', minDeposits: '10000.00', upgradeBonus: '288.00' },
          { minBets: '300000.00', minDeposits: '30000.00', upgradeBonus: '588.00' },
          { minBets: '1000000.00', minDeposits: '100000.00', upgradeBonus: '1888.00' },
          { minBets: '3000000.00', minDeposits: '300000.00', upgradeBonus: '5888.00' },
        ],
      },
      // Customer service chat, answered from the back office (docs/chat.md).
      chat: {
        enabled: true,
        topics: ['deposit', 'withdrawal', 'account', 'games', 'promotions', 'other'],
        idleCloseHours: 24,
        // The same hours as the site's support line: one promise, not two.
        hours: { en: '09:00–24:00 (GMT+7), every day', km: '09:00–24:00 (GMT+7) រៀងរាល់ថ្ងៃ', cn: '每天 09:00–24:00 (GMT+7)' },
        greeting: {
          en: 'Hello! Tell us how we can help, and someone from customer service will answer here.',
          km: 'សួស្ដី! សូមប្រាប់យើងពីអ្វីដែលយើងអាចជួយបាន ហើយក្រុមសេវាអតិថិជននឹងឆ្លើយនៅទីនេះ។',
          cn: '您好！请告诉我们您需要什么帮助，客服人员会在这里回复您。',
        },
      },
      ...support('Apsara'),
    },
    members: [
      { username: 'agent01', password: 'Agent1234', type: 1, nickname: 'Golden Agent', affiliateCode: 'APS888' },
      { username: 'demo01', password: 'Demo1234', type: 0, nickname: 'Lucky Demo', parent: 'agent01' },
      { username: 'flagged01', password: '123456', type: 0, nickname: 'Default Password', parent: 'agent01' },
      { username: 'master01', password: 'Master1234', type: 41, nickname: 'Master Agent', affiliateCode: 'APSMASTER' },
      { username: 'trial01', password: 'Trial1234', type: 4, nickname: 'Guest Player' },
    ],
  },
  {
    code: 'LOTUS',
    name: 'Lotus Club',
    currency: 'THB',
    currencySymbol: '฿',
    timezone: 'Asia/Bangkok',
    isDefault: false,
    domains: ['lotus.localhost'],
    config: {
      flags: {
        USERNAMEREG3: true, MOBILENUMREG3: true, MOBILENUMPASSREG3: true, REGMOBVERF3: false, FREEPLAY3: false,
        PWDEXPFORCECHANGE3: false, MOBILEVERCODELOGIN3: true, AGENTPOLICY3: false, PTSYS3: false, MANPLAYREB3: false,
      },
      mainDomain: 'lotus.localhost',
      supportHours: { en: '24 hours', km: '២៤ ម៉ោង', cn: '24 小时' },
      licenceCompany: 'Lotus Club Gaming Co.',
      // A sign-in from an address the member never used asks for a code sent to them (docs/two-factor.md).
      loginCheck: { newAddress: true },
      ...support('Lotus'),
    },
    // A number and an address of its own, so SMS login and both password resets can be tried in the demo
    // (the codes and links land in the message simulator's inbox, /msgsim/inbox).
    members: [{ username: 'lotus01', password: 'Lotus1234', type: 0, nickname: 'Lotus Player', mobileNum: '0812345678', countryDialingCode: '66', email: 'lotus01@example.com' }],
  },
  // Two demo sites that show the status pages of spec §4 through the real configuration path.
  {
    code: 'DEMOMAINT',
    name: 'Apsara (maintenance demo)',
    currency: 'USD',
    currencySymbol: '$',
    timezone: 'Asia/Phnom_Penh',
    isDefault: false,
    domains: ['maintenance.localhost'],
    config: { maintenance: { active: true, message: 'Scheduled upgrade of the game servers', until: null }, ...support('Apsara') },
    members: [],
  },
  {
    code: 'DEMOBLOCK',
    name: 'Apsara (region-block demo)',
    currency: 'USD',
    currencySymbol: '$',
    timezone: 'Asia/Phnom_Penh',
    isDefault: false,
    domains: ['blocked.localhost'],
    config: { blockedCidrs: ['127.0.0.0/8', '::1/128'], ...support('Apsara') },
    members: [],
  },
];

export type SeedOptions = {
  /** The demo game catalogue: `small` (default; a few hundred games, for test suites) or `full` (10,000+; `npm start`). */
  games?: CatalogSize;
  onGames?: (result: GameSeedResult) => void;
  /**
   * The last migration the database has, when it is held below the latest (a test of a later
   * migration on a database with data): what needs a later table is not seeded.
   */
  migratedTo?: string;
};

/** Inserts any demo merchant, game and offer that does not exist yet; running it again changes nothing. */
export const seedDemo = async (db: Database, merchants: DemoMerchant[] = DEMO, opts: SeedOptions = {}) => {
  const created: string[] = [];
  for (const m of merchants) {
    const exists = await db.selectFrom('merchants').select('id').where('code', '=', m.code).executeTakeFirst();
    if (exists) continue;
    const hashes = await Promise.all(m.members.map((u) => hashPassword(u.password)));
    const inserted = await db.transaction().execute(async (trx) => {
      const hasDefault = await trx.selectFrom('merchants').select('id').where('is_default', '=', true).executeTakeFirst();
      // Several nodes may start at once on one database: whoever inserts the merchant first seeds it.
      const merchant = await trx
        .insertInto('merchants')
        .values({
          code: m.code,
          name: m.name,
          currency: m.currency,
          currency_symbol: m.currencySymbol,
          timezone: m.timezone,
          languages: JSON.stringify(['km', 'en', 'cn']),
          config: JSON.stringify(m.config),
          is_default: m.isDefault && !hasDefault,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!merchant) return false;
      for (const [i, domain] of m.domains.entries()) {
        await trx.insertInto('merchant_domains').values({ domain, merchant_id: merchant.id, is_main: i === 0 }).onConflict((oc) => oc.doNothing()).execute();
      }
      const ids = new Map<string, bigint>();
      for (const [i, u] of m.members.entries()) {
        const row = await trx
          .insertInto('members')
          .values({
            merchant_id: merchant.id,
            username: u.username,
            type: u.type,
            password_hash: hashes[i],
            nickname: u.nickname,
            parent_id: u.parent ? ids.get(u.parent) ?? null : null,
            affiliate_code: u.affiliateCode ?? null,
            mobile_num: u.mobileNum ?? null,
            country_dialing_code: u.countryDialingCode ?? null,
            email: u.email ?? null,
            register_method: 'SEED',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(u.username, row.id);
        await trx.insertInto('accounts').values({ merchant_id: merchant.id, member_id: row.id, kind: 'MAIN', currency: m.currency }).execute();
      }
      return true;
    });
    if (inserted) created.push(m.code);
  }
  const games = await seedGames(db, { size: opts.games ?? 'small', merchantCodes: merchants.map((m) => m.code) });
  opts.onGames?.(games);
  await seedPointGoods(db, merchants.map((m) => m.code));
  // The promotion hall of the main demo site; Lotus keeps an empty hall (its operators would make their own).
  const envelopes = opts.migratedTo === undefined || opts.migratedTo >= '0040-red-envelopes';
  await seedPromotions(db, merchants.filter((m) => m.code === 'APSARA').map((m) => m.code), envelopes ? DEMO_PROMOTIONS : DEMO_PROMOTIONS.filter((p) => p.mechanic !== 'envelope'));
  await seedMissions(db, merchants.filter((m) => m.code === 'APSARA').map((m) => m.code));
  // Both demo sites greet players with banners and notices (the lobby showed them before they were data).
  if (opts.migratedTo === undefined || opts.migratedTo >= '0029-announcements') await seedAnnouncements(db, merchants.map((m) => m.code));
  // Both demo sites' help popup: the eight topics it showed before they were data.
  if (opts.migratedTo === undefined || opts.migratedTo >= '0036-help-center') await seedHelpCenter(db, merchants.map((m) => m.code));
  // Both demo sites' Beginner Guide, blog and news.
  if (opts.migratedTo === undefined || opts.migratedTo >= '0043-articles') await seedArticles(db, merchants.map((m) => m.code));
  return created;
};
