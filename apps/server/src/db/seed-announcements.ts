import type { Database } from './database.js';
import type { LocalizedName } from './schema.js';

type DemoBanner = { art: 'welcome' | 'live' | 'slots' | 'sports'; url: string; eyebrow: LocalizedName; title: LocalizedName; subtitle: LocalizedName; cta: LocalizedName };

/** The lobby's four banners (group w_home), each opening a page of the portal. */
const BANNERS: DemoBanner[] = [
  {
    art: 'welcome',
    url: '/promotions',
    eyebrow: { en: 'New member offer', km: 'ការផ្ដល់ជូនសមាជិកថ្មី', cn: '新会员专享' },
    title: { en: 'Welcome bonus on your first deposit', km: 'ប្រាក់រង្វាន់ស្វាគមន៍លើការដាក់ប្រាក់ដំបូង', cn: '首存即送迎新红利' },
    subtitle: { en: 'Join today and start with extra credit across slots, live casino and sports.', km: 'ចូលរួមថ្ងៃនេះ ហើយចាប់ផ្ដើមជាមួយឥណទានបន្ថែមលើស្លុត កាស៊ីណូផ្ទាល់ និងកីឡា។', cn: '今天加入，电子、真人和体育通通多一份本金。' },
    cta: { en: 'See the offer', km: 'មើលការផ្ដល់ជូន', cn: '查看优惠' },
  },
  {
    art: 'live',
    url: '/live',
    eyebrow: { en: 'Live casino', km: 'កាស៊ីណូផ្ទាល់', cn: '真人视讯' },
    title: { en: 'Real dealers, real tables, 24/7', km: 'អ្នកចែកបៀពិតៗ តុពិតៗ 24/7', cn: '真实荷官，全天候开桌' },
    subtitle: { en: 'Baccarat, roulette and dragon tiger streamed in HD from studios around Asia.', km: 'បាការ៉ាត់ រ៉ូឡែត និងនាគខ្លា ផ្សាយផ្ទាល់កម្រិត HD ពីស្ទូឌីយោជុំវិញអាស៊ី។', cn: '百家乐、轮盘、龙虎，亚洲多地演播室高清直播。' },
    cta: { en: 'Take a seat', km: 'ចូលអង្គុយ', cn: '立即入座' },
  },
  {
    art: 'slots',
    url: '/rng',
    eyebrow: { en: 'Slots', km: 'ស្លុត', cn: '电子游艺' },
    title: { en: 'Chase the progressive jackpot', km: 'ប្រជែងយកជែកផតដ៏ធំ', cn: '冲击累积大奖' },
    subtitle: { en: 'Thousands of slots from twelve providers, with a pool that grows every second.', km: 'ស្លុតរាប់ពាន់ពីអ្នកផ្គត់ផ្គង់ដប់ពីរ ជាមួយប្រាក់រង្វាន់ដែលកើនឡើងរៀងរាល់វិនាទី។', cn: '十二家平台、数千款老虎机，奖池每秒都在增长。' },
    cta: { en: 'Spin now', km: 'បង្វិលឥឡូវ', cn: '马上旋转' },
  },
  {
    art: 'sports',
    url: '/sports',
    eyebrow: { en: 'Sports', km: 'កីឡា', cn: '体育赛事' },
    title: { en: 'Every match, every market', km: 'គ្រប់ការប្រកួត គ្រប់ប្រភេទភ្នាល់', cn: '场场精彩，玩法齐全' },
    subtitle: { en: 'Football, basketball and more, with in-play odds that move with the game.', km: 'បាល់ទាត់ បាល់បោះ និងច្រើនទៀត ជាមួយហាងឆេងផ្ទាល់ដែលប្រែប្រួលតាមការប្រកួត។', cn: '足球、篮球等热门赛事，滚球赔率随比赛实时变化。' },
    cta: { en: 'Bet on sports', km: 'ភ្នាល់កីឡា', cn: '投注体育' },
  },
];

type DemoNotice = { title: LocalizedName; content: LocalizedName; pinned?: boolean };

/** Player notices: the marquee and the announcement popup. */
const PLAYER_NOTICES: DemoNotice[] = [
  {
    pinned: true,
    title: { en: 'Welcome to the new lobby', km: 'សូមស្វាគមន៍មកកាន់ទំព័រដើមថ្មី', cn: '全新大厅上线' },
    content: {
      en: 'Welcome to the new lobby: faster, clearer and built for your phone.\nYour favourites, recent games and wallets are where you left them.',
      km: 'សូមស្វាគមន៍មកកាន់ទំព័រដើមថ្មី៖ លឿនជាងមុន ច្បាស់ជាងមុន និងរចនាឡើងសម្រាប់ទូរស័ព្ទរបស់អ្នក។\nហ្គេមដែលអ្នកចូលចិត្ត ហ្គេមថ្មីៗ និងកាបូបរបស់អ្នកនៅដដែល។',
      cn: '全新大厅上线：更快、更清晰，专为手机打造。\n您的收藏、最近游戏和钱包都保持不变。',
    },
  },
  {
    title: { en: 'Play responsibly', km: 'លេងដោយទទួលខុសត្រូវ', cn: '理性娱乐' },
    content: {
      en: 'Play for fun and set yourself limits. Players must be 18 or older.\nIf you need a break, customer service can pause your account.',
      km: 'លេងដើម្បីកម្សាន្ត ហើយកំណត់ដែនកំណត់ដោយខ្លួនឯង។ អ្នកលេងត្រូវមានអាយុ 18 ឆ្នាំឡើងទៅ។\nបើអ្នកត្រូវការសម្រាក សេវាអតិថិជនអាចផ្អាកគណនីរបស់អ្នកបាន។',
      cn: '理性娱乐，量力而行。玩家须年满18周岁。\n如需暂停，客服可为您暂停账户。',
    },
  },
  {
    title: { en: 'Get the app', km: 'ទាញយកកម្មវិធី', cn: '下载 APP' },
    content: {
      en: 'Get the app for iOS and Android: scan the QR code in the menu.',
      km: 'ទាញយកកម្មវិធីសម្រាប់ iOS និង Android៖ ស្កេនកូដ QR នៅក្នុងម៉ឺនុយ។',
      cn: 'iOS 与 Android APP 已上线，扫描菜单中的二维码即可下载。',
    },
  },
  {
    title: { en: 'Keep your account safe', km: 'រក្សាគណនីរបស់អ្នកឱ្យមានសុវត្ថិភាព', cn: '账户安全提示' },
    content: {
      en: 'We will never ask for your password. Contact customer service only through the links on this site.',
      km: 'យើងនឹងមិនសួររកពាក្យសម្ងាត់របស់អ្នកឡើយ។ សូមទាក់ទងសេវាអតិថិជនតាមតំណភ្ជាប់នៅលើគេហទំព័រនេះតែប៉ុណ្ណោះ។',
      cn: '我们绝不会索要您的密码，请只通过本站提供的链接联系客服。',
    },
  },
];

const PROMOTION_NOTICE: DemoNotice = {
  title: { en: 'This month at the promotion hall', km: 'ខែនេះនៅសាលផ្សព្វផ្សាយ', cn: '本月优惠一览' },
  content: {
    en: 'A welcome bonus on your first deposit, a daily raffle and more: see every offer and its rules on the promotions page.',
    km: 'ប្រាក់រង្វាន់ស្វាគមន៍លើការដាក់ប្រាក់ដំបូង ការចាប់រង្វាន់ប្រចាំថ្ងៃ និងច្រើនទៀត៖ មើលការផ្ដល់ជូន និងលក្ខខណ្ឌទាំងអស់នៅទំព័រផ្សព្វផ្សាយ។',
    cn: '首存迎新红利、每日抽奖等多重优惠：请到优惠活动页查看全部活动及规则。',
  },
};

/** Notices for agents: the agent center's announcement page. */
const AGENT_NOTICES: DemoNotice[] = [
  {
    pinned: true,
    title: { en: 'Contracts are settled after each period', km: 'កិច្ចសន្យាត្រូវបានទូទាត់បន្ទាប់ពីរយៈពេលនីមួយៗ', cn: '契约在每个周期结束后结算' },
    content: {
      en: 'Daily and hourly salaries are paid shortly after their period closes; dividends after the cycle ends. Each payment appears in your account record.',
      km: 'ប្រាក់ខែប្រចាំថ្ងៃ និងប្រចាំម៉ោងត្រូវបានបង់បន្តិចក្រោយរយៈពេលរបស់វាបិទ។ ភាគលាភបន្ទាប់ពីវដ្តបញ្ចប់។ ការបង់ប្រាក់នីមួយៗបង្ហាញក្នុងកំណត់ត្រាគណនីរបស់អ្នក។',
      cn: '日工资和时薪在周期结束后不久发放；分红在周期结束后发放。每笔发放都会显示在您的账变记录中。',
    },
  },
  {
    title: { en: 'Opening accounts for your team', km: 'បើកគណនីសម្រាប់ក្រុមរបស់អ្នក', cn: '为团队开户' },
    content: {
      en: 'Use Open account to create members or agents under you, or share your invitation link. New accounts appear in team management at once.',
      km: 'ប្រើ បើកគណនី ដើម្បីបង្កើតសមាជិក ឬភ្នាក់ងារនៅក្រោមអ្នក ឬចែករំលែកតំណអញ្ជើញរបស់អ្នក។ គណនីថ្មីបង្ហាញក្នុងការគ្រប់គ្រងក្រុមភ្លាមៗ។',
      cn: '通过“开户中心”为下级创建会员或代理，或分享您的邀请链接。新账户会立即出现在团队管理中。',
    },
  },
];

const json = (v: LocalizedName) => JSON.stringify(v);

/**
 * Puts the demo announcements on the demo merchants (`codes`) that have none yet: the lobby's
 * banners and notices, a promotion notice and two agent notices (no popup: a demo site that greets
 * every visitor with one would be tiresome). Running it again changes nothing.
 */
export const seedAnnouncements = async (db: Database, codes: string[], now = new Date()) => {
  if (codes.length === 0) return;
  const merchants = await db.selectFrom('merchants').select('id').where('code', 'in', codes).execute();
  // Shown from a day before seeding, so "published" reads as news, not the future.
  const startsAt = new Date(now.getTime() - 86_400_000);
  for (const m of merchants) {
    await db.transaction().execute(async (tx) => {
      await tx.selectFrom('merchants').select('id').where('id', '=', m.id).forUpdate().execute();
      if (await tx.selectFrom('announcements').select('id').where('merchant_id', '=', m.id).limit(1).executeTakeFirst()) return;
      const base = { merchant_id: m.id, starts_at: startsAt };
      await tx
        .insertInto('announcements')
        .values([
          ...BANNERS.map((b, i) => ({ ...base, kind: 'banner' as const, group_name: 'w_home' as const, art: b.art, url: b.url, linkage_type: 'INTERNAL' as const, title: json(b.title), subtitle: json(b.subtitle), eyebrow: json(b.eyebrow), cta: json(b.cta), sort: i * 10 })),
          ...PLAYER_NOTICES.map((n, i) => ({ ...base, kind: 'player' as const, title: json(n.title), content: json(n.content), pinned: n.pinned ?? false, sort: i * 10 })),
          { ...base, kind: 'promotion' as const, title: json(PROMOTION_NOTICE.title), content: json(PROMOTION_NOTICE.content), url: '/promotions', linkage_type: 'INTERNAL' as const },
          ...AGENT_NOTICES.map((n, i) => ({ ...base, kind: 'agent' as const, title: json(n.title), content: json(n.content), pinned: n.pinned ?? false, sort: i * 10 })),
        ])
        .execute();
    });
  }
};
