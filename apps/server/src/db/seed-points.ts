import type { Database } from './database.js';
import type { LocalizedName } from './schema.js';

type DemoGoods = { name: LocalizedName; description: LocalizedName; art: string; kind: 'physical' | 'virtual'; points: number; amount: bigint; stock: number; limit: number | null };

/** The demo points mall: a few vouchers and gifts, priced for a player who plays and converts a little. */
export const DEMO_GOODS: DemoGoods[] = [
  {
    name: { en: 'Free bet voucher 5.00', km: 'ប័ណ្ណភ្នាល់ឥតគិតថ្លៃ 5.00', cn: '免费投注券 5.00' },
    description: { en: 'A 5.00 free bet, sent to your inbox once approved.', km: 'ការភ្នាល់ឥតគិតថ្លៃ 5.00 ផ្ញើទៅប្រអប់សាររបស់អ្នកនៅពេលអនុម័ត។', cn: '5.00 免费投注，审核通过后发送至您的站内信。' },
    art: 'voucher', kind: 'virtual', points: 300, amount: 0n, stock: 500, limit: 5,
  },
  {
    name: { en: 'Mobile top-up card 10.00', km: 'កាតបញ្ចូលលុយទូរស័ព្ទ 10.00', cn: '手机充值卡 10.00' },
    description: { en: 'A top-up code for any local network.', km: 'លេខកូដបញ្ចូលលុយសម្រាប់បណ្តាញក្នុងស្រុកណាមួយ។', cn: '适用于本地任意运营商的充值码。' },
    art: 'gift', kind: 'virtual', points: 600, amount: 0n, stock: 200, limit: 10,
  },
  {
    name: { en: 'Wireless earbuds', km: 'កាសឥតខ្សែ', cn: '无线耳机' },
    description: { en: 'Noise-cancelling earbuds with a charging case.', km: 'កាសកាត់សំឡេងរំខាន ជាមួយប្រអប់សាកថ្ម។', cn: '主动降噪耳机，附充电盒。' },
    art: 'headphones', kind: 'physical', points: 2400, amount: 0n, stock: 40, limit: null,
  },
  {
    name: { en: 'Bluetooth speaker', km: 'ឧបករណ៍បំពងសំឡេងប៊្លូធូស', cn: '蓝牙音箱' },
    description: { en: 'Waterproof, 12 hours of music.', km: 'ការពារទឹក ចាក់តន្ត្រីបាន ១២ ម៉ោង។', cn: '防水设计，续航 12 小时。' },
    art: 'speaker', kind: 'physical', points: 3600, amount: 0n, stock: 25, limit: null,
  },
  {
    name: { en: 'Travel bag', km: 'កាបូបធ្វើដំណើរ', cn: '旅行包' },
    description: { en: 'A cabin-size bag in the Apsara colours.', km: 'កាបូបទំហំយកឡើងយន្តហោះ ពណ៌ Apsara។', cn: 'Apsara 配色登机尺寸旅行包。' },
    art: 'bag', kind: 'physical', points: 4800, amount: 0n, stock: 20, limit: 2,
  },
  {
    name: { en: 'Smart watch', km: 'នាឡិកាឆ្លាតវៃ', cn: '智能手表' },
    description: { en: 'Heart rate, sleep and notifications. Points plus 20.00.', km: 'វាស់ចង្វាក់បេះដូង ការគេង និងការជូនដំណឹង។ ពិន្ទុ បូក 20.00។', cn: '心率、睡眠与消息提醒。积分加 20.00。' },
    art: 'watch', kind: 'physical', points: 6000, amount: 2000n, stock: 15, limit: 1,
  },
  {
    name: { en: 'Gold bar 1 g', km: 'មាសដុំ ១ ក្រាម', cn: '1 克金条' },
    description: { en: '999.9 fine gold, sealed with a certificate.', km: 'មាសសុទ្ធ 999.9 បិទជិតជាមួយវិញ្ញាបនបត្រ។', cn: '999.9 足金，附证书密封包装。' },
    art: 'gold', kind: 'physical', points: 12000, amount: 0n, stock: 10, limit: 1,
  },
  {
    name: { en: 'Smartphone', km: 'ស្មាតហ្វូន', cn: '智能手机' },
    description: { en: 'The latest model, 256 GB. Points plus 99.00.', km: 'ម៉ូដែលចុងក្រោយ 256 GB។ ពិន្ទុ បូក 99.00។', cn: '最新款 256 GB。积分加 99.00。' },
    art: 'phone', kind: 'physical', points: 18000, amount: 9900n, stock: 5, limit: 1,
  },
];

/**
 * Puts the demo goods on sale for the demo merchants (`codes`) with the points mall on (flag PTSYS3) that
 * have no goods yet; a merchant whose operators already list goods is left alone, so running it again
 * changes nothing, and no other site is ever touched.
 */
export const seedPointGoods = async (db: Database, codes: string[], goods: DemoGoods[] = DEMO_GOODS) => {
  if (codes.length === 0) return;
  const merchants = await db.selectFrom('merchants').select(['id', 'config']).where('code', 'in', codes).execute();
  for (const m of merchants) {
    const flags = (m.config as { flags?: Record<string, boolean> }).flags;
    if (!flags?.PTSYS3) continue;
    await db.transaction().execute(async (tx) => {
      // One seeder at a time per merchant when several nodes start at once.
      await tx.selectFrom('merchants').select('id').where('id', '=', m.id).forUpdate().execute();
      const any = await tx.selectFrom('point_goods').select('id').where('merchant_id', '=', m.id).limit(1).executeTakeFirst();
      if (any) return;
      await tx
        .insertInto('point_goods')
        .values(
          goods.map((g, i) => ({
            merchant_id: m.id,
            name: JSON.stringify(g.name),
            description: JSON.stringify(g.description),
            art: g.art,
            kind: g.kind,
            points: BigInt(g.points),
            amount: g.amount,
            stock: g.stock,
            remaining: g.stock,
            limit_per_member: g.limit,
            sort: i * 10,
          })),
        )
        .execute();
    });
  }
};
