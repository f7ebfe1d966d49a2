import type { ArticleKind } from '@apsara/contracts';
import type { Database } from './database.js';
import type { LocalizedName } from './schema.js';

type DemoArticle = { kind: ArticleKind; slug: string; daysAgo: number; title: LocalizedName; summary: LocalizedName; body: LocalizedName };

const DAY_MS = 86_400_000;

/**
 * The demo sites' articles: a four-step Beginner Guide, two blog posts and two news items, in EN, KM
 * and CN. Bodies are Markdown (paragraphs, `##` headings, `-` lists, links to the site's pages).
 */
export const DEMO_ARTICLES: DemoArticle[] = [
  {
    kind: 'guide',
    slug: 'create-your-account',
    daysAgo: 30,
    title: { en: 'Step 1: Create your account', km: 'ជំហានទី ១៖ បង្កើតគណនីរបស់អ្នក', cn: '第一步：注册账号' },
    summary: {
      en: 'Register in a minute, then secure your account before you play.',
      km: 'ចុះឈ្មោះក្នុងរយៈពេលមួយនាទី រួចការពារគណនីរបស់អ្នកមុនពេលលេង។',
      cn: '一分钟完成注册，开始游戏前先保护好您的账号。',
    },
    body: {
      en: 'Press **Register** at the top of any page. Choose a username of letters and digits, a password you use nowhere else, and confirm you are an adult.\n\n## Secure it first\n\n- Set a payment password in the [security center](/member/securityCenter): withdrawals and transfers ask for it.\n- Bind a bank card in your own name: withdrawals only go to cards whose holder matches your profile.\n- Sign out when you finish on a device others use too.\n\nYou can also try the games first with a trial account; it cannot deposit or withdraw.',
      km: 'ចុច **ចុះឈ្មោះ** នៅខាងលើទំព័រណាមួយ។ ជ្រើសឈ្មោះអ្នកប្រើដែលមានអក្សរ និងលេខ ពាក្យសម្ងាត់ដែលអ្នកមិនប្រើនៅកន្លែងផ្សេង ហើយបញ្ជាក់ថាអ្នកជាមនុស្សពេញវ័យ។\n\n## ការពារវាជាមុន\n\n- កំណត់ពាក្យសម្ងាត់ទូទាត់នៅក្នុង [មជ្ឈមណ្ឌលសុវត្ថិភាព](/member/securityCenter)៖ ការដកប្រាក់ និងការផ្ទេរប្រាក់នឹងសួររកវា។\n- ភ្ជាប់កាតធនាគារក្នុងនាមអ្នកផ្ទាល់៖ ប្រាក់ដកទៅតែកាតដែលម្ចាស់ត្រូវនឹងប្រវត្តិរូបរបស់អ្នកប៉ុណ្ណោះ។\n- ចាកចេញពីគណនីនៅពេលអ្នកលេងរួចលើឧបករណ៍ដែលអ្នកដទៃក៏ប្រើដែរ។\n\nអ្នកក៏អាចសាកល្បងហ្គេមជាមុនដោយប្រើគណនីសាកល្បងផងដែរ ប៉ុន្តែគណនីនោះមិនអាចដាក់ ឬដកប្រាក់បានទេ។',
      cn: '在任意页面顶部点击**注册**。选择由字母和数字组成的用户名，设置一个未在别处使用过的密码，并确认您已成年。\n\n## 先保护好账号\n\n- 在[安全中心](/member/securityCenter)设置资金密码：取款和转账时需要输入。\n- 绑定本人名下的银行卡：取款只会汇入持卡人与您资料一致的银行卡。\n- 在与他人共用的设备上使用完毕后，请退出登录。\n\n您也可以先用试玩账号体验游戏；试玩账号不能存款或取款。',
    },
  },
  {
    kind: 'guide',
    slug: 'make-your-first-deposit',
    daysAgo: 30,
    title: { en: 'Step 2: Make your first deposit', km: 'ជំហានទី ២៖ ដាក់ប្រាក់លើកដំបូង', cn: '第二步：首次存款' },
    summary: {
      en: 'Bank transfer with a receipt, or an online payment channel: how each one works.',
      km: 'ការផ្ទេរតាមធនាគារជាមួយបង្កាន់ដៃ ឬតាមបណ្ដាញទូទាត់អនឡាញ៖ របៀបដែលវិធីនីមួយៗដំណើរការ។',
      cn: '附回单的银行转账，或在线支付渠道：两种方式如何操作。',
    },
    body: {
      en: 'Open [Deposit](/member/depositv2) in the member center and pick a channel.\n\n## Bank transfer\n\nTransfer the amount to the account shown, then enter the amount, your transfer reference and a photo of the receipt. Our team checks it and the money appears in your balance as soon as it is approved.\n\n## Online payment\n\nYou are taken to the payment page; when the payment completes, your balance changes by itself, with no need to reload.\n\nEvery deposit appears in your [account record](/member/transactionHistory).',
      km: 'បើក [ដាក់ប្រាក់](/member/depositv2) នៅក្នុងមជ្ឈមណ្ឌលសមាជិក ហើយជ្រើសបណ្ដាញមួយ។\n\n## ការផ្ទេរតាមធនាគារ\n\nផ្ទេរចំនួនទឹកប្រាក់ទៅគណនីដែលបានបង្ហាញ បន្ទាប់មកបញ្ចូលចំនួនទឹកប្រាក់ លេខយោងនៃការផ្ទេរ និងរូបថតបង្កាន់ដៃ។ ក្រុមការងាររបស់យើងពិនិត្យវា ហើយប្រាក់នឹងចូលសមតុល្យរបស់អ្នកភ្លាមៗនៅពេលត្រូវបានអនុម័ត។\n\n## ការទូទាត់អនឡាញ\n\nអ្នកនឹងត្រូវនាំទៅទំព័រទូទាត់។ នៅពេលការទូទាត់បានបញ្ចប់ សមតុល្យរបស់អ្នកនឹងផ្លាស់ប្ដូរដោយខ្លួនឯង ដោយមិនចាំបាច់ផ្ទុកទំព័រឡើងវិញ។\n\nការដាក់ប្រាក់នីមួយៗបង្ហាញនៅក្នុង [កំណត់ត្រាគណនី](/member/transactionHistory) របស់អ្នក។',
      cn: '在会员中心打开[存款](/member/depositv2)并选择渠道。\n\n## 银行转账\n\n将款项转入页面显示的账户，然后填写金额、转账附言并上传回单照片。工作人员审核通过后，款项会立即计入您的余额。\n\n## 在线支付\n\n系统会带您前往支付页面；支付完成后余额会自动更新，无需刷新页面。\n\n每笔存款都会显示在您的[账户记录](/member/transactionHistory)中。',
    },
  },
  {
    kind: 'guide',
    slug: 'find-a-game',
    daysAgo: 30,
    title: { en: 'Step 3: Find a game and play', km: 'ជំហានទី ៣៖ រកហ្គេម ហើយលេង', cn: '第三步：挑选游戏开始玩' },
    summary: {
      en: 'Slots, live tables, sports, lottery and our own games: where to find them.',
      km: 'ស្លុត តុផ្ទាល់ កីឡា ឆ្នោត និងហ្គេមផ្ទាល់របស់យើង៖ កន្លែងដែលត្រូវរកវា។',
      cn: '老虎机、真人桌台、体育、彩票以及自营游戏：在哪里找到它们。',
    },
    body: {
      en: 'The lobby groups games by kind: [slots](/rng), [live casino](/live), [sports](/sports), [lottery](/lottery) and more. Search by name, filter by provider, and mark the ones you like as favourites.\n\nSome providers keep a wallet of their own: move money to it in [Transfer](/member/transferFund) before you play, and back with **Recover all** when you are done.\n\nOur in-house Slot, Dice and Mines are provably fair: every round can be checked from its revealed seeds.',
      km: 'បន្ទប់ហ្គេមរៀបហ្គេមតាមប្រភេទ៖ [ស្លុត](/rng) [កាស៊ីណូផ្ទាល់](/live) [កីឡា](/sports) [ឆ្នោត](/lottery) និងច្រើនទៀត។ ស្វែងរកតាមឈ្មោះ ត្រងតាមអ្នកផ្គត់ផ្គង់ ហើយសម្គាល់ហ្គេមដែលអ្នកចូលចិត្តជាហ្គេមពេញចិត្ត។\n\nអ្នកផ្គត់ផ្គង់ខ្លះមានកាបូបផ្ទាល់ខ្លួន៖ ផ្ទេរប្រាក់ទៅវានៅក្នុង [ផ្ទេរប្រាក់](/member/transferFund) មុនពេលលេង ហើយយកមកវិញដោយ **ដកមកវិញទាំងអស់** នៅពេលលេងរួច។\n\nស្លុត គ្រាប់ឡុកឡាក់ និង Mines ផ្ទាល់របស់យើងមានភាពយុត្តិធម៌ដែលអាចផ្ទៀងផ្ទាត់បាន៖ ជុំនីមួយៗអាចពិនិត្យបានពីគ្រាប់ពូជដែលបានបង្ហាញ។',
      cn: '大厅按类别整理游戏：[老虎机](/rng)、[真人娱乐](/live)、[体育](/sports)、[彩票](/lottery)等。可按名称搜索、按厂商筛选，并把喜欢的游戏加入收藏。\n\n部分厂商使用独立钱包：游戏前请在[转账](/member/transferFund)中把资金转入，结束后用**一键回收**转回主钱包。\n\n自营的老虎机、骰子和扫雷均可验证公平：每一局都能用公开的种子核对。',
    },
  },
  {
    kind: 'guide',
    slug: 'withdraw-your-winnings',
    daysAgo: 30,
    title: { en: 'Step 4: Withdraw your winnings', km: 'ជំហានទី ៤៖ ដកប្រាក់ឈ្នះរបស់អ្នក', cn: '第四步：提取奖金' },
    summary: {
      en: 'Request a withdrawal to your bound card and confirm when it arrives.',
      km: 'ស្នើដកប្រាក់ទៅកាតដែលបានភ្ជាប់ ហើយបញ្ជាក់នៅពេលប្រាក់មកដល់។',
      cn: '申请提款到已绑定的银行卡，到账后确认收款。',
    },
    body: {
      en: 'Open [Withdraw](/member/withdraw), choose your bound card, enter the amount and your payment password. The amount is held at once, so it cannot be played while it waits.\n\nWhen our team has paid it, you are asked to confirm: received, partly received or not received (with up to three photos). If you do not answer in time, it counts as received.\n\nThe limits and any fee are shown on the page before you confirm.',
      km: 'បើក [ដកប្រាក់](/member/withdraw) ជ្រើសកាតដែលបានភ្ជាប់ បញ្ចូលចំនួនទឹកប្រាក់ និងពាក្យសម្ងាត់ទូទាត់។ ចំនួនទឹកប្រាក់នោះត្រូវបានឃាត់ទុកភ្លាមៗ ដូច្នេះមិនអាចយកទៅលេងបានទេ ពេលកំពុងរង់ចាំ។\n\nនៅពេលក្រុមការងាររបស់យើងបានបង់រួច អ្នកនឹងត្រូវបានស្នើឱ្យបញ្ជាក់៖ បានទទួល បានទទួលមួយផ្នែក ឬមិនបានទទួល (ជាមួយរូបថតរហូតដល់បីសន្លឹក)។ ប្រសិនបើអ្នកមិនឆ្លើយទាន់ពេល វានឹងរាប់ថាបានទទួល។\n\nដែនកំណត់ និងកម្រៃ (ប្រសិនបើមាន) បង្ហាញនៅលើទំព័រមុនពេលអ្នកបញ្ជាក់។',
      cn: '打开[取款](/member/withdraw)，选择已绑定的银行卡，输入金额和资金密码。该金额会立即冻结，等待期间不能用于游戏。\n\n工作人员付款后，系统会请您确认：已收到、部分收到或未收到（最多可附三张照片）。如未在规定时间内回复，则视为已收到。\n\n限额及手续费会在您确认前显示在页面上。',
    },
  },
  {
    kind: 'blog',
    slug: 'play-within-your-limits',
    daysAgo: 12,
    title: { en: 'Playing within your limits', km: 'លេងក្នុងដែនកំណត់របស់អ្នក', cn: '量力而行，理性游戏' },
    summary: {
      en: 'Simple habits that keep games fun: a budget, a time limit, and knowing when to stop.',
      km: 'ទម្លាប់សាមញ្ញដែលធ្វើឱ្យហ្គេមនៅតែសប្បាយ៖ ថវិកា ពេលវេលាកំណត់ និងដឹងថាពេលណាត្រូវឈប់។',
      cn: '让游戏保持乐趣的简单习惯：定预算、限时间、知进退。',
    },
    body: {
      en: 'Games of chance are entertainment, not a way to earn money. Over time the house keeps a share of every stake.\n\n## Habits that help\n\n- Decide your budget before you start, and only play with money you can afford to lose.\n- Set a time limit and take breaks.\n- Never chase losses by raising your stakes.\n- Do not play when you are upset, tired or have been drinking.\n\nIf playing stops being fun, talk to our support team through the [help center](/help).',
      km: 'ហ្គេមសំណាងគឺជាការកម្សាន្ត មិនមែនជាមធ្យោបាយរកប្រាក់ទេ។ យូរៗទៅ ផ្ទះល្បែងតែងរក្សាចំណែកមួយនៃការភ្នាល់នីមួយៗ។\n\n## ទម្លាប់ដែលជួយបាន\n\n- កំណត់ថវិការបស់អ្នកមុនពេលចាប់ផ្ដើម ហើយលេងតែនឹងប្រាក់ដែលអ្នកអាចខាតបានប៉ុណ្ណោះ។\n- កំណត់ពេលវេលា ហើយសម្រាកខ្លះ។\n- កុំដេញតាមការខាតបង់ដោយបង្កើនការភ្នាល់។\n- កុំលេងនៅពេលអ្នកខឹង អស់កម្លាំង ឬបានផឹកស្រា។\n\nប្រសិនបើការលេងលែងសប្បាយ សូមនិយាយជាមួយក្រុមជំនួយរបស់យើងតាម [មជ្ឈមណ្ឌលជំនួយ](/help)។',
      cn: '博彩游戏是娱乐，而不是赚钱的途径。长期来看，庄家会从每笔投注中保留一部分。\n\n## 有帮助的习惯\n\n- 开始前先定好预算，只用输得起的钱来玩。\n- 设定游戏时长，并适时休息。\n- 输了不要加大投注去追回。\n- 情绪激动、疲惫或饮酒后不要游戏。\n\n如果游戏不再有趣，请通过[帮助中心](/help)联系客服。',
    },
  },
  {
    kind: 'blog',
    slug: 'how-provably-fair-works',
    daysAgo: 6,
    title: { en: 'How provably fair dice works', km: 'របៀបដែលគ្រាប់ឡុកឡាក់យុត្តិធម៌ដែលអាចផ្ទៀងផ្ទាត់បានដំណើរការ', cn: '可验证公平的骰子如何运作' },
    summary: {
      en: 'Why you can check every roll of our in-house Dice yourself, and how.',
      km: 'ហេតុអ្វីបានជាអ្នកអាចពិនិត្យរាល់ការបោះគ្រាប់ឡុកឡាក់ផ្ទាល់របស់យើងដោយខ្លួនឯង និងរបៀបធ្វើ។',
      cn: '为什么您可以亲自核对自营骰子的每一掷，以及如何核对。',
    },
    body: {
      en: 'Before you roll, we show you a fingerprint (a hash) of our secret server seed. You add a seed of your own, and each roll has a number that counts up.\n\nThe roll is computed from those three together, so neither side can steer it: we committed to our seed before we saw yours.\n\n## Checking a roll\n\nWhen you change seeds, the old server seed is revealed. Open the verifier from the game, paste the seeds and the roll number, and it recomputes the result in your browser.',
      km: 'មុនពេលអ្នកបោះ យើងបង្ហាញស្នាមម្រាមដៃ (hash) នៃគ្រាប់ពូជម៉ាស៊ីនមេសម្ងាត់របស់យើង។ អ្នកបន្ថែមគ្រាប់ពូជផ្ទាល់ខ្លួន ហើយការបោះនីមួយៗមានលេខលំដាប់ដែលកើនឡើង។\n\nលទ្ធផលត្រូវបានគណនាពីធាតុទាំងបីនេះរួមគ្នា ដូច្នេះគ្មានភាគីណាអាចបង្វែរវាបានទេ៖ យើងបានប្ដេជ្ញាលើគ្រាប់ពូជរបស់យើងមុនពេលឃើញរបស់អ្នក។\n\n## ការពិនិត្យការបោះ\n\nនៅពេលអ្នកប្ដូរគ្រាប់ពូជ គ្រាប់ពូជម៉ាស៊ីនមេចាស់នឹងត្រូវបានបង្ហាញ។ បើកកម្មវិធីផ្ទៀងផ្ទាត់ពីក្នុងហ្គេម បិទភ្ជាប់គ្រាប់ពូជ និងលេខលំដាប់ ហើយវានឹងគណនាលទ្ធផលឡើងវិញនៅក្នុងកម្មវិធីរុករករបស់អ្នក។',
      cn: '掷骰之前，我们会先展示服务器密钥种子的指纹（哈希值）。您再加入自己的种子，且每一掷都有一个递增的序号。\n\n结果由这三者共同算出，任何一方都无法操控：我们在看到您的种子之前就已锁定了自己的种子。\n\n## 核对一掷\n\n更换种子后，旧的服务器种子会被公开。从游戏中打开验证工具，粘贴种子和序号，它会在您的浏览器中重新计算结果。',
    },
  },
  {
    kind: 'news',
    slug: 'rebates-by-vip-rank',
    daysAgo: 3,
    title: { en: 'Rebates now rise with your VIP rank', km: 'ប្រាក់បង្វិលសងឥឡូវកើនឡើងតាមឋានៈ VIP របស់អ្នក', cn: '返水比例现随VIP等级提升' },
    summary: {
      en: 'Manual rebate rates are now set per VIP rank: the higher your rank, the more you may claim.',
      km: 'អត្រាប្រាក់បង្វិលសងដោយដៃឥឡូវកំណត់តាមឋានៈ VIP នីមួយៗ៖ ឋានៈកាន់តែខ្ពស់ អ្នកអាចទាមទារបានកាន់តែច្រើន។',
      cn: '自助返水比例现按VIP等级设定：等级越高，可领取的越多。',
    },
    body: {
      en: 'From today, the [manual rebate](/member/manualRebate) page shows the rates of your VIP rank. Your rank is read at the moment you claim, and the rates apply to every round counted in that claim.',
      km: 'ចាប់ពីថ្ងៃនេះ ទំព័រ [ប្រាក់បង្វិលសងដោយដៃ](/member/manualRebate) បង្ហាញអត្រានៃឋានៈ VIP របស់អ្នក។ ឋានៈរបស់អ្នកត្រូវបានអាននៅពេលអ្នកទាមទារ ហើយអត្រានោះអនុវត្តលើគ្រប់ជុំដែលរាប់ក្នុងការទាមទារនោះ។',
      cn: '即日起，[自助返水](/member/manualRebate)页面会显示您所在VIP等级的比例。等级以您领取的那一刻为准，该比例适用于本次领取计入的每一局。',
    },
  },
  {
    kind: 'news',
    slug: 'mines-is-here',
    daysAgo: 1,
    title: { en: 'Mines joins our in-house games', km: 'Mines ចូលរួមជាមួយហ្គេមផ្ទាល់របស់យើង', cn: '扫雷加入自营游戏' },
    summary: {
      en: 'Uncover safe tiles, cash out whenever you like, and check every board afterwards.',
      km: 'បើកក្រឡាដែលមានសុវត្ថិភាព ដកប្រាក់ពេលណាក៏បាន ហើយពិនិត្យក្ដារនីមួយៗនៅពេលក្រោយ។',
      cn: '翻开安全格子，随时兑现，事后还能核对每一局棋盘。',
    },
    body: {
      en: 'Mines is now in the in-house corner of the lobby. Choose how many mines hide on the board: the more mines, the more each safe tile pays. Cash out at any moment, or keep going.\n\nLike our Slot and Dice, every board is provably fair, and a game you leave open shows in your betting record as in play.',
      km: 'Mines ឥឡូវមាននៅក្នុងផ្នែកហ្គេមផ្ទាល់នៃបន្ទប់ហ្គេម។ ជ្រើសចំនួនគ្រាប់មីនដែលលាក់នៅលើក្ដារ៖ គ្រាប់មីនកាន់តែច្រើន ក្រឡាសុវត្ថិភាពនីមួយៗបង់កាន់តែច្រើន។ ដកប្រាក់នៅពេលណាក៏បាន ឬបន្តលេង។\n\nដូចស្លុត និងគ្រាប់ឡុកឡាក់របស់យើង ក្ដារនីមួយៗមានភាពយុត្តិធម៌ដែលអាចផ្ទៀងផ្ទាត់បាន ហើយហ្គេមដែលអ្នកទុកចោលបង្ហាញក្នុងកំណត់ត្រាភ្នាល់ថាកំពុងលេង។',
      cn: '扫雷现已上线大厅的自营专区。您可以选择棋盘上埋几颗雷：雷越多，每个安全格子的赔付越高。随时可以兑现，也可以继续翻。\n\n与自营老虎机和骰子一样，每一局棋盘都可验证公平，未结束的对局会在投注记录中显示为进行中。',
    },
  },
];

const json = (v: unknown) => JSON.stringify(v);

/** Seeds the demo articles for each of these sites that has none yet (a site its operators emptied stays as they left it only until the next seed). */
export const seedArticles = async (db: Database, codes: string[], now: Date = new Date()) => {
  if (codes.length === 0) return;
  const merchants = await db.selectFrom('merchants').select('id').where('code', 'in', codes).execute();
  for (const m of merchants) {
    await db.transaction().execute(async (tx) => {
      // Several nodes may start at once on one database: the merchant's row lock makes one of them seed.
      await tx.selectFrom('merchants').select('id').where('id', '=', m.id).forNoKeyUpdate().execute();
      if (await tx.selectFrom('articles').select('id').where('merchant_id', '=', m.id).limit(1).executeTakeFirst()) return;
      await tx
        .insertInto('articles')
        .values(
          DEMO_ARTICLES.map((a, i) => ({
            merchant_id: m.id,
            kind: a.kind,
            slug: a.slug,
            sort: (i + 1) * 10,
            title: json(a.title),
            summary: json(a.summary),
            body: json(a.body),
            published_at: new Date(now.getTime() - a.daysAgo * DAY_MS),
          })),
        )
        .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'slug']).doNothing())
        .execute();
    });
  }
};
