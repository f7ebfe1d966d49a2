import type { HelpAction, HelpIcon } from '@apsara/contracts';
import type { Database } from './database.js';
import type { LocalizedName } from './schema.js';

type DemoTopic = { key: string; icon: HelpIcon; title: LocalizedName; body: LocalizedName; action: HelpAction };

/**
 * The help popup's eight topics as the portal showed them before they were data (they were the web's
 * `help.topics.*` texts), in EN, KM and CN. The popup's own title and intro stay in the web's locales.
 */
export const HELP_TOPICS: DemoTopic[] = [
  {
    key: 'account',
    icon: 'user',
    title: { en: 'Account and login', km: 'គណនី និងការចូល', cn: '账号与登录' },
    body: {
      en: 'Register with a username or your mobile number, then log in from the button at the top of the page. If you forget your password, use Forgot password in the login window.',
      km: 'ចុះឈ្មោះដោយប្រើឈ្មោះអ្នកប្រើ ឬលេខទូរស័ព្ទ បន្ទាប់មកចូលតាមប៊ូតុងនៅខាងលើទំព័រ។ ប្រសិនបើភ្លេចពាក្យសម្ងាត់ សូមប្រើ «ភ្លេចពាក្យសម្ងាត់» នៅក្នុងផ្ទាំងចូល។',
      cn: '使用用户名或手机号注册，然后点击页面顶部的按钮登录。忘记密码时，可在登录窗口中点击“忘记密码”。',
    },
    action: { kind: 'none' },
  },
  {
    key: 'deposit',
    icon: 'briefcase',
    title: { en: 'Deposits and withdrawals', km: 'ការដាក់ប្រាក់ និងដកប្រាក់', cn: '存款与取款' },
    body: {
      en: 'Deposits and withdrawals are made from the member center. Withdrawals go to an account in your own name and are usually processed within minutes.',
      km: 'ការដាក់ប្រាក់ និងដកប្រាក់ធ្វើឡើងនៅមជ្ឈមណ្ឌលសមាជិក។ ប្រាក់ដែលដកនឹងផ្ទេរទៅគណនីក្នុងនាមអ្នកផ្ទាល់ ហើយជាធម្មតាដំណើរការរួចក្នុងរយៈពេលប៉ុន្មាននាទី។',
      cn: '存款和取款均在会员中心办理。取款将汇入您本人名下的账户，通常几分钟内即可处理完毕。',
    },
    action: { kind: 'none' },
  },
  {
    key: 'games',
    icon: 'slots',
    title: { en: 'Games and fair play', km: 'ហ្គេម និងភាពយុត្តិធម៌', cn: '游戏与公平性' },
    body: {
      en: 'Every game comes from a licensed provider or our in-house studio. Results are decided by certified random number generators or live dealers.',
      km: 'ហ្គេមទាំងអស់មកពីអ្នកផ្គត់ផ្គង់ដែលមានអាជ្ញាប័ណ្ណ ឬស្ទូឌីយោផ្ទាល់របស់យើង។ លទ្ធផលត្រូវបានកំណត់ដោយម៉ាស៊ីនបង្កើតលេខចៃដន្យដែលមានវិញ្ញាបនបត្រ ឬដោយអ្នកចែកបៀផ្ទាល់។',
      cn: '所有游戏均来自持牌平台或我们的自研工作室，结果由经过认证的随机数生成器或真人荷官决定。',
    },
    action: { kind: 'none' },
  },
  {
    key: 'app',
    icon: 'download',
    title: { en: 'Mobile app', km: 'កម្មវិធីទូរស័ព្ទ', cn: '手机APP' },
    body: {
      en: 'Our apps for iOS and Android use the same account and wallet as the website. Scan the QR code in the menu or open the download page.',
      km: 'កម្មវិធី iOS និង Android ប្រើគណនី និងកាបូបលុយដូចគ្នានឹងគេហទំព័រ។ ស្កេនកូដ QR នៅក្នុងម៉ឺនុយ ឬបើកទំព័រទាញយក។',
      cn: 'iOS 与 Android APP 与网页版使用同一账号和钱包。扫描菜单中的二维码或打开下载页面即可安装。',
    },
    action: { kind: 'path', path: '/download' },
  },
  {
    key: 'responsible',
    icon: 'shield',
    title: { en: 'Responsible gaming', km: 'ការលេងប្រកបដោយការទទួលខុសត្រូវ', cn: '理性博彩' },
    body: {
      en: 'Play only with money you can afford to lose and take regular breaks. Players must be 18 or older. Contact customer service if you want to set limits or pause your account.',
      km: 'លេងតែជាមួយប្រាក់ដែលអ្នកអាចខាតបាន ហើយសម្រាកជាប្រចាំ។ អ្នកលេងត្រូវមានអាយុ 18 ឆ្នាំឡើងទៅ។ សូមទាក់ទងសេវាអតិថិជន ប្រសិនបើអ្នកចង់កំណត់ដែនកំណត់ ឬផ្អាកគណនីរបស់អ្នក។',
      cn: '只用输得起的钱游戏，并适时休息。玩家须年满18周岁。如需设置限额或暂停账户，请联系客服。',
    },
    action: { kind: 'none' },
  },
  {
    key: 'agent',
    icon: 'users',
    title: { en: 'Becoming an agent', km: 'ការក្លាយជាភ្នាក់ងារ', cn: '成为代理' },
    body: {
      en: 'Agents earn commission on the activity of the players they bring. Contact customer service to apply, then log in on the agent page.',
      km: 'ភ្នាក់ងារទទួលបានកម្រៃជើងសារពីសកម្មភាពរបស់អ្នកលេងដែលខ្លួនបាននាំមក។ សូមទាក់ទងសេវាអតិថិជនដើម្បីដាក់ពាក្យ បន្ទាប់មកចូលនៅទំព័រភ្នាក់ងារ។',
      cn: '代理可按其带来玩家的活跃度获得佣金。请联系客服申请，然后在代理页面登录。',
    },
    action: { kind: 'none' },
  },
  {
    key: 'feedback',
    icon: 'mail',
    title: { en: 'Feedback and complaints', km: 'មតិកែលម្អ និងបណ្ដឹង', cn: '意见与投诉' },
    body: {
      en: 'Tell us what to improve about deposits, withdrawals, games or service through the feedback form. Our team reads every message; signed-in members find our answer under My feedback.',
      km: 'ប្រាប់យើងពីអ្វីដែលគួរកែលម្អ ទាក់ទងនឹងការដាក់ប្រាក់ ការដកប្រាក់ ហ្គេម ឬសេវាកម្ម តាមទម្រង់មតិកែលម្អ។ ក្រុមការងាររបស់យើងអានរាល់សារ សមាជិកដែលបានចូលគណនីនឹងឃើញចម្លើយរបស់យើងនៅក្រោម មតិកែលម្អរបស់ខ្ញុំ។',
      cn: '关于存款、取款、游戏或服务，欢迎通过意见反馈表告诉我们哪里可以改进。我们会认真阅读每一条留言，已登录的会员可在“我的反馈”中查看答复。',
    },
    action: { kind: 'feedback' },
  },
  {
    key: 'chat',
    icon: 'chat',
    title: { en: 'Live chat', km: 'ជជែកផ្ទាល់', cn: '在线客服' },
    body: {
      en: 'Our agents are online during support hours. You can also reach us through the Telegram and e-mail links in the footer.',
      km: 'បុគ្គលិកសេវាអតិថិជនរបស់យើងនៅលើបណ្ដាញក្នុងម៉ោងសេវាកម្ម។ អ្នកក៏អាចទាក់ទងយើងតាមតំណ Telegram និងអ៊ីមែលនៅផ្នែកខាងក្រោមទំព័រផងដែរ។',
      cn: '客服人员在服务时间内在线。您也可以通过页脚中的 Telegram 和电子邮件链接联系我们。',
    },
    action: { kind: 'chat' },
  },
];

const json = (v: LocalizedName) => JSON.stringify(v);

/**
 * Puts the help topics on the demo merchants (`codes`) that have none yet (docs/help-center.md).
 * Running it again changes nothing: a site with any topic is left as its operators made it (one whose
 * operators removed every topic gets the eight again at the next start).
 */
export const seedHelpCenter = async (db: Database, codes: string[]) => {
  if (codes.length === 0) return;
  const merchants = await db.selectFrom('merchants').select('id').where('code', 'in', codes).execute();
  for (const m of merchants) {
    await db.transaction().execute(async (tx) => {
      // Several nodes may start at once on one database: the merchant's row lock makes one of them seed.
      await tx.selectFrom('merchants').select('id').where('id', '=', m.id).forNoKeyUpdate().execute();
      if (await tx.selectFrom('help_topics').select('id').where('merchant_id', '=', m.id).limit(1).executeTakeFirst()) return;
      await tx
        .insertInto('help_topics')
        .values(
          HELP_TOPICS.map((t, i) => ({
            merchant_id: m.id,
            key: t.key,
            sort: (i + 1) * 10,
            icon: t.icon,
            title: json(t.title),
            body: json(t.body),
            action: t.action.kind,
            action_path: t.action.kind === 'path' ? t.action.path : null,
          })),
        )
        .onConflict((oc) => oc.columns(['merchant_id', 'key']).doNothing())
        .execute();
    });
  }
};
