import type { Database } from './database.js';
import type { LocalizedName, PromotionPrizeRow } from './schema.js';

type DemoPromotion = {
  code: string;
  category: string;
  mechanic: 'apply' | 'deposit' | 'raffle' | 'envelope';
  repeat: 'once' | 'daily';
  art: string;
  title: LocalizedName;
  summary: LocalizedName;
  body: LocalizedName;
  /** Days from the seeding moment: start (negative: already running) and end (null: open-ended). */
  startDays: number;
  endDays: number | null;
  bonus?: bigint;
  percent?: number;
  maxBonus?: bigint;
  minDeposit?: bigint;
  firstDepositOnly?: boolean;
  turnoverMultiple: number;
  prizes?: PromotionPrizeRow[];
  proof?: 'none' | 'optional' | 'required';
  poolTotal?: bigint;
  envelopeCount?: number;
};

/** The demo promotion hall: one of each mechanic a player meets, plus one coming soon and one just ended. */
export const DEMO_PROMOTIONS: DemoPromotion[] = [
  {
    code: 'welcome-bonus',
    category: 'NEWBIE',
    mechanic: 'deposit',
    repeat: 'once',
    art: 'welcome',
    title: { en: 'Welcome bonus 100%', km: 'ប្រាក់រង្វាន់ស្វាគមន៍ 100%', cn: '新人首存 100% 红利' },
    summary: { en: 'Double your first deposit, up to 188.00.', km: 'ទទួលបានទ្វេដងនៃការដាក់ប្រាក់ដំបូង រហូតដល់ 188.00។', cn: '首次存款翻倍，最高 188.00。' },
    body: {
      en: 'Join before your first deposit, then deposit 50.00 or more.\nClaim 100% of that deposit as a bonus, up to 188.00.\nThe bonus needs bets of 3 times its amount before you withdraw.\nOne welcome bonus per member.',
      km: 'ចូលរួមមុនការដាក់ប្រាក់ដំបូង បន្ទាប់មកដាក់ប្រាក់ 50.00 ឬច្រើនជាងនេះ។\nទទួលយក 100% នៃការដាក់ប្រាក់នោះជាប្រាក់រង្វាន់ រហូតដល់ 188.00។\nប្រាក់រង្វាន់ត្រូវការការភ្នាល់ 3 ដងនៃចំនួនរបស់វា មុនពេលដកប្រាក់។\nប្រាក់រង្វាន់ស្វាគមន៍មួយសម្រាប់សមាជិកម្នាក់។',
      cn: '请在首次存款前报名，然后存款 50.00 或以上。\n领取该笔存款 100% 的红利，最高 188.00。\n提款前需完成红利金额 3 倍的投注流水。\n每位会员限领一次。',
    },
    startDays: -30, endDays: null, percent: 100, maxBonus: 18800n, minDeposit: 5000n, firstDepositOnly: true, turnoverMultiple: 3,
  },
  {
    code: 'daily-reload',
    category: 'DAILY',
    mechanic: 'deposit',
    repeat: 'daily',
    art: 'reload',
    title: { en: 'Daily reload 10%', km: 'ប្រាក់បន្ថែមប្រចាំថ្ងៃ 10%', cn: '每日续存 10%' },
    summary: { en: '10% extra on a deposit of 100.00 or more, every day.', km: 'បន្ថែម 10% លើការដាក់ប្រាក់ 100.00 ឬច្រើនជាងនេះ រៀងរាល់ថ្ងៃ។', cn: '每天存款 100.00 或以上，额外赠送 10%。' },
    body: {
      en: 'Join today, then deposit 100.00 or more today.\nClaim 10% of that deposit, up to 50.00.\nBets of the bonus amount are needed before a withdrawal.\nOnce a day; the day follows the site clock.',
      km: 'ចូលរួមថ្ងៃនេះ បន្ទាប់មកដាក់ប្រាក់ 100.00 ឬច្រើនជាងនេះនៅថ្ងៃនេះ។\nទទួលយក 10% នៃការដាក់ប្រាក់នោះ រហូតដល់ 50.00។\nត្រូវការការភ្នាល់ស្មើនឹងប្រាក់រង្វាន់ មុនពេលដកប្រាក់។\nម្តងក្នុងមួយថ្ងៃ តាមម៉ោងគេហទំព័រ។',
      cn: '今天报名，并于当天存款 100.00 或以上。\n领取该笔存款的 10%，最高 50.00。\n提款前需完成与红利等额的投注流水。\n每天一次，以本站时间为准。',
    },
    startDays: -30, endDays: null, percent: 10, maxBonus: 5000n, minDeposit: 10000n, turnoverMultiple: 1,
  },
  {
    code: 'lucky-wheel',
    category: 'DAILY',
    mechanic: 'raffle',
    repeat: 'daily',
    art: 'wheel',
    title: { en: 'Lucky wheel', km: 'កង់សំណាង', cn: '幸运转盘' },
    summary: { en: 'Deposit 20.00 today and spin for up to 88.00.', km: 'ដាក់ប្រាក់ 20.00 ថ្ងៃនេះ ហើយបង្វិលដើម្បីឈ្នះរហូតដល់ 88.00។', cn: '今日存款 20.00 即可转动转盘，最高赢取 88.00。' },
    body: {
      en: 'Deposit 20.00 or more today, then spin once.\nPrizes: 1.88, 5.88, 18.88 or 88.00, paid to your main wallet at once.\nPrizes need bets of their amount before a withdrawal.\nOne spin a day.',
      km: 'ដាក់ប្រាក់ 20.00 ឬច្រើនជាងនេះថ្ងៃនេះ បន្ទាប់មកបង្វិលម្តង។\nរង្វាន់៖ 1.88, 5.88, 18.88 ឬ 88.00 បង់ចូលកាបូបមេភ្លាមៗ។\nរង្វាន់ត្រូវការការភ្នាល់ស្មើនឹងចំនួនរបស់វា មុនពេលដកប្រាក់។\nបង្វិលម្តងក្នុងមួយថ្ងៃ។',
      cn: '今日存款 20.00 或以上，即可转动一次。\n奖金：1.88、5.88、18.88 或 88.00，即时存入主钱包。\n提款前需完成与奖金等额的投注流水。\n每天一次。',
    },
    startDays: -30, endDays: null, minDeposit: 2000n, turnoverMultiple: 1,
    prizes: [{ amount: '1.88', weight: 60 }, { amount: '5.88', weight: 30 }, { amount: '18.88', weight: 9 }, { amount: '88.00', weight: 1 }],
  },
  {
    code: 'red-envelopes',
    category: 'SPECIAL',
    mechanic: 'envelope',
    repeat: 'daily',
    art: 'welcome',
    title: { en: 'Daily red envelopes', km: 'អាំងប៉ាវប្រចាំថ្ងៃ', cn: '每日红包' },
    summary: { en: '888.00 in 188 red envelopes every day: deposit 10.00 and open one.', km: '888.00 ក្នុងអាំងប៉ាវ 188 រៀងរាល់ថ្ងៃ៖ ដាក់ប្រាក់ 10.00 ហើយបើកមួយ។', cn: '每天 188 个红包共 888.00：存款 10.00 即可拆一个。' },
    body: {
      en: 'Every day the site fills 188 red envelopes with 888.00 in all.\nDeposit 10.00 or more today, then open one envelope: it holds a random amount, paid to your main wallet at once.\nFirst come, first served: once the day\'s envelopes are opened, come back tomorrow.\nWhat you get needs bets of its amount before a withdrawal. One envelope a day.',
      km: 'រៀងរាល់ថ្ងៃ គេហទំព័របំពេញអាំងប៉ាវ 188 ដោយប្រាក់សរុប 888.00។\nដាក់ប្រាក់ 10.00 ឬច្រើនជាងនេះថ្ងៃនេះ បន្ទាប់មកបើកអាំងប៉ាវមួយ៖ វាមានចំនួនចៃដន្យ បង់ចូលកាបូបមេភ្លាមៗ។\nអ្នកមកមុនបានមុន៖ នៅពេលអាំងប៉ាវថ្ងៃនេះត្រូវបានបើកអស់ សូមត្រឡប់មកវិញនៅថ្ងៃស្អែក។\nប្រាក់ដែលអ្នកទទួលបានត្រូវការការភ្នាល់ស្មើនឹងចំនួនរបស់វា មុនពេលដកប្រាក់។ អាំងប៉ាវមួយក្នុងមួយថ្ងៃ។',
      cn: '网站每天准备 188 个红包，总额 888.00。\n今日存款 10.00 或以上，即可拆开一个红包：金额随机，即时存入主钱包。\n先到先得：当天红包抢完后，请明天再来。\n所得金额提款前需完成等额投注流水。每天限拆一个。',
    },
    startDays: -30, endDays: null, minDeposit: 1000n, turnoverMultiple: 1, poolTotal: 88800n, envelopeCount: 188,
  },
  {
    code: 'share-and-win',
    category: 'SPECIAL',
    mechanic: 'apply',
    repeat: 'once',
    art: 'trophy',
    title: { en: 'Share your big win', km: 'ចែករំលែកការឈ្នះធំរបស់អ្នក', cn: '晒大奖赢红利' },
    summary: { en: 'Post a screenshot of a big win and get up to 50.00.', km: 'បង្ហោះរូបថតអេក្រង់នៃការឈ្នះធំ ហើយទទួលបានរហូតដល់ 50.00។', cn: '晒出大奖截图，最高可得 50.00。' },
    body: {
      en: 'Share a screenshot of a win of 50 times your bet or more on social media.\nApply with the screenshot and a link in the remark.\nThe site pays up to 50.00 once it has checked your post.\nOne application per member.',
      km: 'ចែករំលែករូបថតអេក្រង់នៃការឈ្នះ 50 ដងនៃការភ្នាល់ ឬច្រើនជាងនេះ នៅលើបណ្តាញសង្គម។\nដាក់ពាក្យជាមួយរូបថតអេក្រង់ និងតំណភ្ជាប់ក្នុងកំណត់ចំណាំ។\nគេហទំព័របង់រហូតដល់ 50.00 បន្ទាប់ពីពិនិត្យការបង្ហោះរបស់អ្នក។\nពាក្យសុំមួយសម្រាប់សមាជិកម្នាក់។',
      cn: '在社交媒体分享一张赢得投注额 50 倍或以上的截图。\n提交截图，并在备注中附上链接。\n审核通过后最高发放 50.00。\n每位会员限申请一次。',
    },
    startDays: -30, endDays: null, maxBonus: 5000n, turnoverMultiple: 1, proof: 'required',
  },
  {
    code: 'app-download-gift',
    category: 'APP',
    mechanic: 'apply',
    repeat: 'once',
    art: 'app',
    title: { en: 'App download gift 8.00', km: 'អំណោយទាញយកកម្មវិធី 8.00', cn: 'APP 下载礼金 8.00' },
    summary: { en: 'Install the app, sign in, and apply for 8.00.', km: 'ដំឡើងកម្មវិធី ចូលគណនី ហើយដាក់ពាក្យសុំ 8.00។', cn: '安装 APP 并登录，即可申请 8.00。' },
    body: {
      en: 'Install the Apsara app from the download page and sign in with your account.\nApply here; a screenshot of the app helps the check.\nThe site pays 8.00 once approved. One gift per member.',
      km: 'ដំឡើងកម្មវិធី Apsara ពីទំព័រទាញយក ហើយចូលដោយគណនីរបស់អ្នក។\nដាក់ពាក្យនៅទីនេះ រូបថតអេក្រង់នៃកម្មវិធីជួយក្នុងការពិនិត្យ។\nគេហទំព័របង់ 8.00 នៅពេលអនុម័ត។ អំណោយមួយសម្រាប់សមាជិកម្នាក់។',
      cn: '从下载页安装 Apsara APP 并登录您的账号。\n在此提交申请，附上 APP 截图可加快审核。\n审核通过后发放 8.00。每位会员限领一次。',
    },
    startDays: -30, endDays: null, bonus: 800n, turnoverMultiple: 1, proof: 'optional',
  },
  {
    code: 'vip-birthday',
    category: 'VIP',
    mechanic: 'apply',
    repeat: 'once',
    art: 'vip',
    title: { en: 'VIP birthday gift', km: 'អំណោយថ្ងៃកំណើត VIP', cn: 'VIP 生日礼金' },
    summary: { en: 'Celebrate with us: up to 888.00 in your birthday month.', km: 'អបអរជាមួយយើង៖ រហូតដល់ 888.00 ក្នុងខែកំណើតរបស់អ្នក។', cn: '生日月专属，最高 888.00。' },
    body: {
      en: 'Apply in your birthday month with a photo of an ID that shows your date of birth.\nThe gift depends on your play in the last 90 days, up to 888.00.\nBets of 5 times the gift are needed before a withdrawal.',
      km: 'ដាក់ពាក្យក្នុងខែកំណើតរបស់អ្នក ជាមួយរូបថតអត្តសញ្ញាណប័ណ្ណដែលបង្ហាញថ្ងៃខែឆ្នាំកំណើត។\nអំណោយអាស្រ័យលើការលេងរបស់អ្នកក្នុងរយៈពេល 90 ថ្ងៃចុងក្រោយ រហូតដល់ 888.00។\nត្រូវការការភ្នាល់ 5 ដងនៃអំណោយ មុនពេលដកប្រាក់។',
      cn: '请在生日当月申请，并上传显示出生日期的证件照片。\n礼金依据近 90 天的游戏情况而定，最高 888.00。\n提款前需完成礼金 5 倍的投注流水。',
    },
    startDays: -30, endDays: null, maxBonus: 88800n, turnoverMultiple: 5, proof: 'required',
  },
  {
    code: 'cashback-daily',
    category: 'REBATE',
    mechanic: 'apply',
    repeat: 'daily',
    art: 'cashback',
    title: { en: 'Slots cashback up to 500.00', km: 'ប្រាក់ត្រឡប់ស្លត់ រហូតដល់ 500.00', cn: '电子返水最高 500.00' },
    summary: { en: 'Lost on slots yesterday? Apply for 5% back, every day.', km: 'ចាញ់លើស្លត់កាលពីម្សិលមិញ? ដាក់ពាក្យសុំ 5% ត្រឡប់មកវិញ រៀងរាល់ថ្ងៃ។', cn: '昨日电子游戏亏损？每天可申请 5% 返水。' },
    body: {
      en: "Apply once a day for 5% of the previous day's net loss on slots, up to 500.00.\nThe site checks your betting record and pays the amount it finds.\nBets of the cashback amount are needed before a withdrawal.",
      km: 'ដាក់ពាក្យម្តងក្នុងមួយថ្ងៃ សម្រាប់ 5% នៃការខាតសុទ្ធលើស្លត់កាលពីថ្ងៃមុន រហូតដល់ 500.00។\nគេហទំព័រពិនិត្យកំណត់ត្រាភ្នាល់របស់អ្នក ហើយបង់ចំនួនដែលរកឃើញ។\nត្រូវការការភ្នាល់ស្មើនឹងប្រាក់ត្រឡប់ មុនពេលដកប្រាក់។',
      cn: '每天可申请一次，返还前一日电子游戏净亏损的 5%，最高 500.00。\n本站核对您的投注记录后按实际金额发放。\n提款前需完成与返水等额的投注流水。',
    },
    startDays: -30, endDays: null, maxBonus: 50000n, turnoverMultiple: 1, proof: 'none',
  },
  {
    code: 'weekend-limited',
    category: 'LIMITED',
    mechanic: 'deposit',
    repeat: 'once',
    art: 'gift',
    title: { en: 'Weekend special 20%', km: 'ពិសេសចុងសប្តាហ៍ 20%', cn: '周末限定 20%' },
    summary: { en: '20% on one deposit this weekend, up to 100.00.', km: '20% លើការដាក់ប្រាក់មួយនៅចុងសប្តាហ៍នេះ រហូតដល់ 100.00។', cn: '本周末单笔存款赠送 20%，最高 100.00。' },
    body: {
      en: 'Opens this weekend. Join, deposit 50.00 or more, and claim 20% of it, up to 100.00.\nBets of twice the bonus are needed before a withdrawal.',
      km: 'បើកនៅចុងសប្តាហ៍នេះ។ ចូលរួម ដាក់ប្រាក់ 50.00 ឬច្រើនជាងនេះ ហើយទទួលយក 20% រហូតដល់ 100.00។\nត្រូវការការភ្នាល់ពីរដងនៃប្រាក់រង្វាន់ មុនពេលដកប្រាក់។',
      cn: '本周末开放。报名后存款 50.00 或以上，即可领取 20%，最高 100.00。\n提款前需完成红利 2 倍的投注流水。',
    },
    startDays: 2, endDays: 4, percent: 20, maxBonus: 10000n, minDeposit: 5000n, turnoverMultiple: 2,
  },
  {
    code: 'water-festival',
    category: 'SPECIAL',
    mechanic: 'deposit',
    repeat: 'once',
    art: 'wheel',
    title: { en: 'Water festival bonus', km: 'ប្រាក់រង្វាន់បុណ្យអុំទូក', cn: '送水节红利' },
    summary: { en: '30% on one festival deposit, up to 300.00.', km: '30% លើការដាក់ប្រាក់មួយក្នុងពិធីបុណ្យ រហូតដល់ 300.00។', cn: '节日期间单笔存款赠送 30%，最高 300.00。' },
    body: {
      en: 'Ran for the three days of the water festival. Thank you for celebrating with us.',
      km: 'បានដំណើរការក្នុងរយៈពេលបីថ្ងៃនៃពិធីបុណ្យអុំទូក។ សូមអរគុណដែលបានអបអរជាមួយយើង។',
      cn: '已于送水节三天期间举办，感谢您的参与。',
    },
    startDays: -5, endDays: -2, percent: 30, maxBonus: 30000n, minDeposit: 5000n, turnoverMultiple: 3,
  },
];

const DAY_MS = 86_400_000;

/**
 * Puts the demo promotions on the demo merchants (`codes`) that have none yet; a merchant whose
 * operators already made promotions is left alone, so running it again changes nothing.
 */
export const seedPromotions = async (db: Database, codes: string[], promotions: DemoPromotion[] = DEMO_PROMOTIONS, now = new Date()) => {
  if (codes.length === 0) return;
  const merchants = await db.selectFrom('merchants').select('id').where('code', 'in', codes).execute();
  for (const m of merchants) {
    await db.transaction().execute(async (tx) => {
      // One seeder at a time per merchant when several nodes start at once.
      await tx.selectFrom('merchants').select('id').where('id', '=', m.id).forUpdate().execute();
      if (await tx.selectFrom('promotions').select('id').where('merchant_id', '=', m.id).limit(1).executeTakeFirst()) return;
      await tx
        .insertInto('promotions')
        .values(
          promotions.map((p, i) => ({
            merchant_id: m.id,
            code: p.code,
            category: p.category,
            mechanic: p.mechanic,
            repeat: p.repeat,
            art: p.art,
            title: JSON.stringify(p.title),
            summary: JSON.stringify(p.summary),
            body: JSON.stringify(p.body),
            starts_at: new Date(now.getTime() + p.startDays * DAY_MS),
            ends_at: p.endDays === null ? null : new Date(now.getTime() + p.endDays * DAY_MS),
            sort: i * 10,
            bonus: p.bonus ?? null,
            percent: p.percent ?? null,
            max_bonus: p.maxBonus ?? null,
            min_deposit: p.minDeposit ?? null,
            first_deposit_only: p.firstDepositOnly ?? false,
            turnover_multiple: p.turnoverMultiple,
            prizes: p.prizes ? JSON.stringify(p.prizes) : null,
            proof: p.proof ?? 'none',
            // Named only by red envelopes, so a database held below migration 0040 seeds the others.
            ...(p.poolTotal === undefined ? {} : { pool_total: p.poolTotal, envelope_count: p.envelopeCount ?? null }),
          })),
        )
        .execute();
    });
  }
};
