import type { Lang } from './constants.js';

type Entry = { status: number; km: string; en: string; cn: string };

/**
 * The error catalogue (spec §8). Each code is stable: clients branch on `code`, people read `message`.
 * `{0}`-style placeholders are filled by `errorMessage`.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, en: 'Some fields are invalid: {0}', cn: '部分字段无效：{0}', km: 'ព័ត៌មានមួយចំនួនមិនត្រឹមត្រូវ៖ {0}' },
  INPUT_EMPTY: { status: 400, en: 'Input cannot be empty', cn: '输入不能为空', km: 'មិនអាចទុកទទេបានទេ' },
  BAD_REQUEST: { status: 400, en: 'The request could not be understood', cn: '请求无法解析', km: 'សំណើមិនអាចយល់បាន' },
  PAYLOAD_TOO_LARGE: { status: 413, en: 'The request is too large', cn: '请求内容过大', km: 'សំណើធំពេក' },
  ACCOUNT_OR_PASSWORD_WRONG: { status: 401, en: 'Account or password is wrong', cn: '账号或密码错误', km: 'គណនី ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ' },
  USER_NOT_FOUND: { status: 404, en: 'Username or e-mail does not exist', cn: '用户名或邮箱不存在', km: 'ឈ្មោះអ្នកប្រើ ឬអ៊ីមែលមិនមាន' },
  INVITATION_CODE_INVALID: { status: 400, en: 'Invalid invitation code', cn: '邀请码无效', km: 'លេខកូដអញ្ជើញមិនត្រឹមត្រូវ' },
  NOT_LOGGED_IN: { status: 401, en: 'You are not logged in, please login', cn: '您尚未登录，请先登录', km: 'អ្នកមិនទាន់បានចូលទេ សូមចូលគណនី' },
  NON_MEMBER_LOGIN: { status: 403, en: 'Non-members cannot log in', cn: '非会员无法登录', km: 'មិនមែនសមាជិកមិនអាចចូលបានទេ' },
  ACCOUNT_DISABLED: { status: 403, en: 'This account is disabled, please contact customer service', cn: '该账号已停用，请联系客服', km: 'គណនីនេះត្រូវបានបិទ សូមទាក់ទងសេវាអតិថិជន' },
  NON_AGENT_LOGIN: { status: 403, en: 'Non-agents cannot log in', cn: '非代理无法登录', km: 'មិនមែនភ្នាក់ងារមិនអាចចូលបានទេ' },
  TRIAL_NEED_REAL_ACCOUNT: { status: 403, en: 'Demo accounts cannot do this. Please register or log in with a real account', cn: '试玩账号无法使用此功能，请注册或使用真实账号登录', km: 'គណនីសាកល្បងមិនអាចធ្វើបានទេ សូមចុះឈ្មោះ ឬចូលដោយគណនីពិត' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, en: 'Please change your password first', cn: '请先修改密码', km: 'សូមប្តូរពាក្យសម្ងាត់របស់អ្នកជាមុនសិន' },
  VERIFICATION_REQUIRED: { status: 403, en: 'Please complete verification first', cn: '请先完成验证', km: 'សូមបញ្ចប់ការផ្ទៀងផ្ទាត់ជាមុនសិន' },
  TOO_MANY_REQUESTS: { status: 429, en: 'Too many requests, try again in {0} min', cn: '请求过于频繁，请{0}分钟后再试', km: 'សំណើច្រើនពេក សូមព្យាយាមម្តងទៀតក្រោយ {0} នាទី' },
  RATE_LIMITED: { status: 429, en: 'Please slow down and try again in a moment', cn: '操作过快，请稍后再试', km: 'សូមរង់ចាំបន្តិច ហើយព្យាយាមម្តងទៀត' },
  CAPTCHA_REQUIRED: { status: 400, en: 'Please enter the captcha', cn: '请输入验证码', km: 'សូមបញ្ចូលលេខកូដផ្ទៀងផ្ទាត់' },
  CAPTCHA_INVALID: { status: 400, en: 'Captcha check failed, please try again', cn: '验证码校验失败，请重试', km: 'លេខកូដផ្ទៀងផ្ទាត់មិនត្រឹមត្រូវ សូមព្យាយាមម្តងទៀត' },
  USERNAME_TAKEN: { status: 409, en: 'This username is already taken', cn: '该用户名已被注册', km: 'ឈ្មោះអ្នកប្រើនេះមានគេប្រើរួចហើយ' },
  CONFIRM_PASSWORD_MISMATCH: { status: 400, en: 'Confirmation password is not correct.', cn: '两次输入的密码不一致', km: 'ពាក្យសម្ងាត់បញ្ជាក់មិនត្រឹមត្រូវ' },
  OLD_PASSWORD_WRONG: { status: 400, en: 'The current password is wrong', cn: '原密码错误', km: 'ពាក្យសម្ងាត់បច្ចុប្បន្នមិនត្រឹមត្រូវ' },
  PASSWORD_SAME_AS_OLD: { status: 400, en: 'The new password must differ from the current one', cn: '新密码不能与原密码相同', km: 'ពាក្យសម្ងាត់ថ្មីត្រូវខុសពីពាក្យសម្ងាត់ចាស់' },
  TERMS_REQUIRED: { status: 400, en: 'Please accept the terms and conditions', cn: '请同意条款与条件', km: 'សូមយល់ព្រមលើលក្ខខណ្ឌ' },
  AGE_CONFIRM_REQUIRED: { status: 400, en: 'Please confirm you are {0} years old', cn: '请确认您已年满{0}岁', km: 'សូមបញ្ជាក់ថាអ្នកមានអាយុ {0} ឆ្នាំ' },
  REGISTRATION_DISABLED: { status: 403, en: 'This registration method is not enabled, please contact customer service', cn: '该注册方式未开放，请联系客服', km: 'វិធីចុះឈ្មោះនេះមិនទាន់បើក សូមទាក់ទងសេវាអតិថិជន' },
  FUNCTION_NOT_ENABLED: { status: 403, en: 'This function is not enabled, please contact customer service', cn: '该功能未开放，请联系客服', km: 'មុខងារនេះមិនទាន់បើក សូមទាក់ទងសេវាអតិថិជន' },
  FORBIDDEN: { status: 403, en: 'You are not allowed to do this', cn: '您无权执行此操作', km: 'អ្នកមិនមានសិទ្ធិធ្វើការនេះទេ' },
  DOMAIN_INVALID: { status: 400, en: 'Domain check invalid', cn: '域名校验无效', km: 'ការត្រួតពិនិត្យដែនមិនត្រឹមត្រូវ' },
  SYSTEM_MAINTENANCE: { status: 503, en: 'The system is under maintenance, please come back later', cn: '系统维护中，请稍后再来', km: 'ប្រព័ន្ធកំពុងថែទាំ សូមត្រឡប់មកវិញពេលក្រោយ' },
  REGION_BLOCKED: { status: 403, en: 'Access from your IP or location is blocked', cn: '您的IP或所在地区已被限制访问', km: 'ការចូលពី IP ឬទីតាំងរបស់អ្នកត្រូវបានហាមឃាត់' },
  INSUFFICIENT_FUNDS: { status: 400, en: 'Insufficient balance', cn: '余额不足', km: 'សមតុល្យមិនគ្រប់គ្រាន់' },
  IDEMPOTENCY_CONFLICT: { status: 409, en: 'This request was already made with different details', cn: '该请求已以不同内容提交过', km: 'សំណើនេះត្រូវបានធ្វើរួចហើយ ដោយព័ត៌មានខុសគ្នា' },
  HOLD_NOT_ACTIVE: { status: 409, en: 'These funds are no longer on hold', cn: '该笔资金已不在冻结状态', km: 'ប្រាក់នេះលែងត្រូវបានរក្សាទុកហើយ' },
  WALLET_NOT_FOUND: { status: 404, en: 'This wallet does not exist', cn: '该钱包不存在', km: 'កាបូបនេះមិនមានទេ' },
  WALLET_TRANSFER_INVALID: { status: 400, en: 'Transfers go between the main wallet and one game wallet', cn: '转账只能在主钱包与游戏钱包之间进行', km: 'ការផ្ទេរត្រូវធ្វើរវាងកាបូបមេ និងកាបូបហ្គេមមួយ' },
  DEPOSIT_CHANNEL_UNAVAILABLE: { status: 400, en: 'This deposit method is not available, please choose another', cn: '该充值方式暂不可用，请选择其他方式', km: 'វិធីដាក់ប្រាក់នេះមិនអាចប្រើបានទេ សូមជ្រើសរើសវិធីផ្សេង' },
  DEPOSIT_AMOUNT_OUT_OF_RANGE: { status: 400, en: 'The amount must be between {0} and {1}', cn: '金额须在{0}至{1}之间', km: 'ចំនួនទឹកប្រាក់ត្រូវនៅចន្លោះ {0} និង {1}' },
  DEPOSIT_NOT_PENDING: { status: 409, en: 'This deposit has already been reviewed', cn: '该充值申请已审核，无法再次操作', km: 'ការដាក់ប្រាក់នេះត្រូវបានពិនិត្យរួចហើយ' },
  MULTIPART_REQUIRED: { status: 400, en: 'Please send this form with its file attached', cn: '请以附带文件的表单方式提交', km: 'សូមផ្ញើទម្រង់នេះជាមួយឯកសារភ្ជាប់' },
  RECEIPT_REQUIRED: { status: 400, en: 'Please attach a photo of your transfer receipt', cn: '请上传转账凭证图片', km: 'សូមភ្ជាប់រូបភាពបង្កាន់ដៃផ្ទេរប្រាក់របស់អ្នក' },
  RECEIPT_TOO_LARGE: { status: 413, en: 'The receipt image must be smaller than {0} MB', cn: '凭证图片须小于{0}MB', km: 'រូបភាពបង្កាន់ដៃត្រូវតូចជាង {0} MB' },
  RECEIPT_TYPE_INVALID: { status: 400, en: 'The receipt must be a PNG or JPG image', cn: '凭证须为PNG或JPG图片', km: 'បង្កាន់ដៃត្រូវតែជារូបភាព PNG ឬ JPG' },
  RECEIPT_ONE_FILE: { status: 400, en: 'Please attach only one receipt image', cn: '只能上传一张凭证图片', km: 'សូមភ្ជាប់រូបភាពបង្កាន់ដៃតែមួយប៉ុណ្ណោះ' },
  PAYMENT_PASSWORD_NOT_SET: { status: 400, en: 'Please set a payment password in the security center first', cn: '请先在安全中心设置资金密码', km: 'សូមកំណត់ពាក្យសម្ងាត់ទូទាត់នៅមជ្ឈមណ្ឌលសុវត្ថិភាពជាមុនសិន' },
  PAYMENT_PASSWORD_WRONG: { status: 400, en: 'The payment password is wrong. Tries left: {0}', cn: '资金密码错误（还可尝试{0}次）', km: 'ពាក្យសម្ងាត់ទូទាត់មិនត្រឹមត្រូវ (នៅសល់ {0} ដងទៀត)' },
  PAYMENT_PASSWORD_LOCKED: {
    status: 429,
    en: 'Too many wrong payment passwords: payments are locked, try again in {0} min',
    cn: '资金密码错误次数过多，支付已锁定，请{0}分钟后再试',
    km: 'ពាក្យសម្ងាត់ទូទាត់ខុសច្រើនដងពេក៖ ការទូទាត់ត្រូវបានចាក់សោ សូមព្យាយាមម្តងទៀតក្រោយ {0} នាទី',
  },
  LOGIN_PASSWORD_WRONG: { status: 400, en: 'The login password is wrong', cn: '登录密码错误', km: 'ពាក្យសម្ងាត់ចូលគណនីមិនត្រឹមត្រូវ' },
  PAYMENT_PASSWORD_SAME_AS_LOGIN: { status: 400, en: 'The payment password must differ from the login password', cn: '资金密码不能与登录密码相同', km: 'ពាក្យសម្ងាត់ទូទាត់ត្រូវខុសពីពាក្យសម្ងាត់ចូលគណនី' },
  REAL_NAME_REQUIRED: { status: 400, en: 'Please set your real name in the security center first', cn: '请先在安全中心填写真实姓名', km: 'សូមបញ្ចូលឈ្មោះពិតរបស់អ្នកនៅមជ្ឈមណ្ឌលសុវត្ថិភាពជាមុនសិន' },
  REAL_NAME_ALREADY_SET: { status: 409, en: 'Your real name is already set; contact customer service to change it', cn: '真实姓名已设置，如需修改请联系客服', km: 'ឈ្មោះពិតរបស់អ្នកត្រូវបានកំណត់រួចហើយ សូមទាក់ទងសេវាអតិថិជនដើម្បីកែប្រែ' },
  PAYEE_NAME_MISMATCH: { status: 400, en: 'The account holder name must match your real name', cn: '持卡人姓名须与真实姓名一致', km: 'ឈ្មោះម្ចាស់គណនីត្រូវដូចឈ្មោះពិតរបស់អ្នក' },
  BANK_NOT_SUPPORTED: { status: 400, en: 'This bank is not supported, please choose one from the list', cn: '不支持该银行，请从列表中选择', km: 'ធនាគារនេះមិនត្រូវបានគាំទ្រទេ សូមជ្រើសរើសពីបញ្ជី' },
  BANK_CARD_LIMIT: { status: 400, en: 'You can bind at most {0} bank cards', cn: '最多可绑定{0}张银行卡', km: 'អ្នកអាចភ្ជាប់កាតធនាគារបានច្រើនបំផុត {0}' },
  BANK_CARD_DUPLICATE: { status: 409, en: 'This bank account is already bound', cn: '该银行账户已绑定', km: 'គណនីធនាគារនេះត្រូវបានភ្ជាប់រួចហើយ' },
  BANK_CARD_NOT_FOUND: { status: 404, en: 'Bank card not found', cn: '未找到该银行卡', km: 'រកមិនឃើញកាតធនាគារ' },
  BANK_CARD_IN_USE: { status: 409, en: 'This card has a withdrawal in progress and cannot be removed yet', cn: '该银行卡有进行中的提款，暂不能解绑', km: 'កាតនេះមានការដកប្រាក់កំពុងដំណើរការ មិនអាចដកចេញបានទេ' },
  WITHDRAW_AMOUNT_OUT_OF_RANGE: { status: 400, en: 'The withdrawal amount must be between {0} and {1}', cn: '提款金额须在{0}至{1}之间', km: 'ចំនួនដកប្រាក់ត្រូវនៅចន្លោះ {0} និង {1}' },
  WITHDRAW_FEE_TOO_HIGH: { status: 400, en: 'The amount must be larger than the fee of {0}', cn: '提款金额须大于手续费{0}', km: 'ចំនួនទឹកប្រាក់ត្រូវធំជាងថ្លៃសេវា {0}' },
  WITHDRAWAL_STATE_INVALID: { status: 409, en: 'This withdrawal is {0} and cannot be changed this way', cn: '该提款当前状态为{0}，无法执行此操作', km: 'ការដកប្រាក់នេះស្ថិតក្នុងស្ថានភាព {0} ហើយមិនអាចផ្លាស់ប្តូរបែបនេះបានទេ' },
  WITHDRAWAL_ALREADY_CONFIRMED: { status: 409, en: 'This withdrawal has already been confirmed', cn: '该提款已确认', km: 'ការដកប្រាក់នេះត្រូវបានបញ្ជាក់រួចហើយ' },
  PROOF_REQUIRED: { status: 400, en: 'Please attach at least one proof image', cn: '请至少上传一张凭证图片', km: 'សូមភ្ជាប់រូបភាពភស្តុតាងយ៉ាងហោចណាស់មួយ' },
  PROOF_INVALID: { status: 400, en: 'A proof image is missing or belongs to something else; please upload it again', cn: '凭证图片无效或已被使用，请重新上传', km: 'រូបភាពភស្តុតាងមិនមាន ឬត្រូវបានប្រើរួចហើយ សូមផ្ទុកឡើងម្តងទៀត' },
  RECEIVED_AMOUNT_TOO_HIGH: { status: 400, en: 'A partial amount must be less than the payout of {0}', cn: '部分到账金额须小于应到账金额{0}', km: 'ចំនួនទទួលបានខ្លះត្រូវតិចជាងចំនួនទូទាត់ {0}' },
  UPLOAD_REQUIRED: { status: 400, en: 'Please choose an image to upload', cn: '请选择要上传的图片', km: 'សូមជ្រើសរើសរូបភាពដើម្បីផ្ទុកឡើង' },
  UPLOAD_TOO_LARGE: { status: 413, en: 'The image must be smaller than {0} MB', cn: '图片须小于{0}MB', km: 'រូបភាពត្រូវតូចជាង {0} MB' },
  UPLOAD_TYPE_INVALID: { status: 400, en: 'The file must be a PNG or JPG image', cn: '文件须为PNG或JPG图片', km: 'ឯកសារត្រូវតែជារូបភាព PNG ឬ JPG' },
  UPLOAD_ONE_FILE: { status: 400, en: 'Please upload one image at a time', cn: '每次只能上传一张图片', km: 'សូមផ្ទុកឡើងរូបភាពម្តងមួយ' },
  TRANSFER_TARGET_NOT_ALLOWED: { status: 403, en: 'You can only send money to your upline agent or, as an agent, to your direct downline', cn: '只能转账给您的上级代理，或由代理转给直属下级', km: 'អ្នកអាចផ្ញើប្រាក់បានតែទៅភ្នាក់ងារខាងលើរបស់អ្នក ឬជាភ្នាក់ងារ ទៅសមាជិកក្រោមផ្ទាល់' },
  TRANSFER_TARGET_UNAVAILABLE: { status: 400, en: 'This account cannot receive transfers', cn: '该账号无法接收转账', km: 'គណនីនេះមិនអាចទទួលការផ្ទេរប្រាក់បានទេ' },
  CALLBACK_SIGNATURE_INVALID: { status: 401, en: 'The callback signature is invalid', cn: '回调签名无效', km: 'ហត្ថលេខាការហៅត្រឡប់មិនត្រឹមត្រូវ' },
  CALLBACK_REPLAYED: { status: 409, en: 'This callback has already been received', cn: '该回调已处理过', km: 'ការហៅត្រឡប់នេះត្រូវបានទទួលរួចហើយ' },
  CALLBACK_EXPIRED: { status: 400, en: 'The callback is too old or from the future', cn: '回调时间戳无效或已过期', km: 'ការហៅត្រឡប់ចាស់ពេក ឬពេលវេលាមិនត្រឹមត្រូវ' },
  CALLBACK_MISMATCH: { status: 400, en: 'The callback does not match the order ({0})', cn: '回调与订单不符（{0}）', km: 'ការហៅត្រឡប់មិនត្រូវនឹងការបញ្ជាទិញ ({0})' },
  PAYMENT_PROVIDER_UNKNOWN: { status: 404, en: 'Unknown payment provider', cn: '未知的支付渠道', km: 'អ្នកផ្តល់សេវាទូទាត់មិនស្គាល់' },
  PAYMENT_ORDER_CLOSED: { status: 409, en: 'This payment order is closed', cn: '该支付订单已关闭', km: 'ការបញ្ជាទិញទូទាត់នេះត្រូវបានបិទ' },
  GAME_MAINTENANCE: { status: 503, en: 'This game is under maintenance; try one of these instead', cn: '该游戏维护中，请尝试以下其他游戏', km: 'ហ្គេមនេះកំពុងថែទាំ សូមសាកល្បងហ្គេមផ្សេងទាំងនេះ' },
  ACCOUNT_NOT_FOUND: { status: 404, en: 'Account not found', cn: '账户不存在', km: 'រកមិនឃើញគណនី' },
  OPERATOR_NOT_LOGGED_IN: { status: 401, en: 'Operator sign-in required, please log in to the back office', cn: '请先登录后台操作员账号', km: 'តម្រូវឱ្យប្រតិបត្តិករចូលគណនី សូមចូលប្រព័ន្ធគ្រប់គ្រងជាមុនសិន' },
  OPERATOR_FORBIDDEN: { status: 403, en: 'Your operator role does not allow this action', cn: '您的操作员角色无权执行此操作', km: 'តួនាទីប្រតិបត្តិកររបស់អ្នកមិនអនុញ្ញាតឱ្យធ្វើសកម្មភាពនេះទេ' },
  FEEDBACK_SENDER_REQUIRED: { status: 400, en: 'Please enter your name', cn: '请输入您的姓名', km: 'សូមបញ្ចូលឈ្មោះរបស់អ្នក' },
  FEEDBACK_ALREADY_RESOLVED: { status: 409, en: 'This feedback has already been answered', cn: '该反馈已答复', km: 'មតិកែលម្អនេះត្រូវបានឆ្លើយតបរួចហើយ' },
  MESSAGE_RECIPIENT_UNKNOWN: { status: 404, en: 'No member of this site has that username', cn: '本站没有该用户名的会员', km: 'គ្មានសមាជិកនៃគេហទំព័រនេះដែលមានឈ្មោះអ្នកប្រើនោះទេ' },
  MESSAGE_RECIPIENT_TRIAL: { status: 400, en: 'Trial accounts do not receive messages', cn: '试玩账号不接收站内信', km: 'គណនីសាកល្បងមិនទទួលសារទេ' },
  AGENT_ONLY: { status: 403, en: 'Only agents can use the agent center', cn: '仅代理可使用代理中心', km: 'មានតែភ្នាក់ងារទេដែលអាចប្រើមជ្ឈមណ្ឌលភ្នាក់ងារ' },
  TEAM_MEMBER_UNKNOWN: { status: 404, en: 'No one in your team has that username', cn: '您的团队中没有该用户名', km: 'គ្មាននរណាម្នាក់ក្នុងក្រុមរបស់អ្នកមានឈ្មោះអ្នកប្រើនោះទេ' },
  CONTRACT_TARGET_INVALID: { status: 400, en: 'Contracts can be offered only to your own direct downline agents', cn: '只能向您的直属下级代理提供契约', km: 'កិច្ចសន្យាអាចផ្តល់ជូនតែភ្នាក់ងារក្រោមផ្ទាល់របស់អ្នកប៉ុណ្ណោះ' },
  CONTRACT_NONE_OF_KIND: { status: 400, en: 'You have no signed contract of this kind to share with your downline', cn: '您没有此类已签约的契约可分配给下级', km: 'អ្នកមិនមានកិច្ចសន្យាប្រភេទនេះដែលបានចុះហត្ថលេខាដើម្បីចែករំលែកជាមួយខ្សែក្រោមទេ' },
  CONTRACT_RATE_TOO_HIGH: { status: 400, en: 'A rate may not be higher than your own contract’s highest rate ({0}%)', cn: '比例不能高于您自己契约的最高比例（{0}%）', km: 'អត្រាមិនអាចខ្ពស់ជាងអត្រាខ្ពស់បំផុតនៃកិច្ចសន្យារបស់អ្នក ({0}%) ទេ' },
  CONTRACT_OFFER_PENDING: { status: 409, en: 'An offer of this kind is already waiting for this agent', cn: '已有同类契约等待该代理确认', km: 'មានការផ្តល់ជូនប្រភេទនេះកំពុងរង់ចាំភ្នាក់ងារនេះរួចហើយ' },
  CONTRACT_NOT_FOUND: { status: 404, en: 'Contract not found', cn: '未找到该契约', km: 'រកមិនឃើញកិច្ចសន្យា' },
  CONTRACT_ACTION_INVALID: { status: 409, en: 'This contract cannot take that action now', cn: '该契约当前无法执行此操作', km: 'កិច្ចសន្យានេះមិនអាចធ្វើសកម្មភាពនោះបានទេឥឡូវនេះ' },
  POINTS_DISABLED: { status: 403, en: 'The points mall is not open on this site', cn: '本站未开放积分商城', km: 'ផ្សារពិន្ទុមិនទាន់បើកនៅលើគេហទំព័រនេះទេ' },
  POINTS_INSUFFICIENT: { status: 400, en: 'Not enough points: you have {0}, this needs {1}', cn: '积分不足：您有{0}积分，需要{1}积分', km: 'ពិន្ទុមិនគ្រប់គ្រាន់៖ អ្នកមាន {0} ប៉ុន្តែត្រូវការ {1}' },
  POINT_GOODS_NOT_FOUND: { status: 404, en: 'This item is not on sale', cn: '该商品未在售', km: 'ទំនិញនេះមិនមានលក់ទេ' },
  POINT_GOODS_SOLD_OUT: { status: 409, en: 'Not enough left: {0} remaining', cn: '库存不足：仅剩{0}件', km: 'នៅសល់មិនគ្រប់គ្រាន់៖ នៅសល់ {0}' },
  POINT_GOODS_LIMIT: { status: 409, en: 'You can redeem at most {0} of this item; you have {1} already', cn: '该商品每人最多兑换{0}件，您已兑换{1}件', km: 'អ្នកអាចប្តូរទំនិញនេះបានច្រើនបំផុត {0} ហើយអ្នកបានប្តូររួច {1}' },
  POINT_ADDRESS_REQUIRED: { status: 400, en: 'Please enter the delivery address', cn: '请填写收货地址', km: 'សូមបញ្ចូលអាសយដ្ឋានដឹកជញ្ជូន' },
  POINT_CONVERT_DISABLED: { status: 403, en: 'Cash-to-points conversion is not open on this site', cn: '本站未开放现金兑换积分', km: 'ការប្តូរប្រាក់ទៅជាពិន្ទុមិនទាន់បើកនៅលើគេហទំព័រនេះទេ' },
  POINT_CONVERT_OUT_OF_RANGE: { status: 400, en: 'The amount to convert must be between {0} and {1}', cn: '兑换金额须在{0}至{1}之间', km: 'ចំនួនទឹកប្រាក់សម្រាប់ប្តូរត្រូវនៅចន្លោះ {0} និង {1}' },
  POINT_ORDER_DECIDED: { status: 409, en: 'This redemption has already been decided', cn: '该兑换申请已处理', km: 'ការប្តូរនេះត្រូវបានសម្រេចរួចហើយ' },
  PROMOTION_NOT_FOUND: { status: 404, en: 'This promotion is not available', cn: '该活动不存在或已下架', km: 'ការផ្សព្វផ្សាយនេះមិនមានទេ' },
  PROMOTION_NOT_STARTED: { status: 409, en: 'This promotion has not started yet', cn: '该活动尚未开始', km: 'ការផ្សព្វផ្សាយនេះមិនទាន់ចាប់ផ្តើមនៅឡើយទេ' },
  PROMOTION_CLOSED: { status: 409, en: 'This promotion has ended', cn: '该活动已结束', km: 'ការផ្សព្វផ្សាយនេះបានបញ្ចប់ហើយ' },
  PROMOTION_ACTION_INVALID: { status: 409, en: 'This promotion does not take that action', cn: '该活动不支持此操作', km: 'ការផ្សព្វផ្សាយនេះមិនទទួលសកម្មភាពនោះទេ' },
  PROMOTION_TAKEN: { status: 409, en: 'You have already taken part in this promotion for this period', cn: '您本期已参加过该活动', km: 'អ្នកបានចូលរួមការផ្សព្វផ្សាយនេះរួចហើយសម្រាប់រយៈពេលនេះ' },
  PROMOTION_NOT_JOINED: { status: 409, en: 'Join this promotion first', cn: '请先报名参加该活动', km: 'សូមចូលរួមការផ្សព្វផ្សាយនេះជាមុនសិន' },
  PROMOTION_DEPOSIT_NEEDED: { status: 409, en: 'Deposit {0} more to qualify', cn: '还需存款{0}才能领取', km: 'សូមដាក់ប្រាក់បន្ថែម {0} ដើម្បីមានសិទ្ធិ' },
  PROMOTION_FIRST_DEPOSIT_ONLY: { status: 409, en: 'This promotion is for members who have not deposited before', cn: '该活动仅限从未存款的会员参加', km: 'ការផ្សព្វផ្សាយនេះសម្រាប់សមាជិកដែលមិនធ្លាប់ដាក់ប្រាក់ពីមុន' },
  PROMOTION_PROOF_REQUIRED: { status: 400, en: 'Please add at least one image', cn: '请至少上传一张图片', km: 'សូមបន្ថែមរូបភាពយ៉ាងហោចណាស់មួយ' },
  PROMOTION_IMAGES_INVALID: { status: 400, en: 'These images cannot be used: upload them again', cn: '这些图片无法使用，请重新上传', km: 'រូបភាពទាំងនេះមិនអាចប្រើបានទេ សូមផ្ទុកឡើងម្តងទៀត' },
  PROMOTION_CLAIM_DECIDED: { status: 409, en: 'This application has already been decided', cn: '该申请已处理', km: 'ពាក្យសុំនេះត្រូវបានសម្រេចរួចហើយ' },
  PROMOTION_AMOUNT_REQUIRED: { status: 400, en: 'Enter the bonus to pay', cn: '请输入要发放的红利金额', km: 'សូមបញ្ចូលប្រាក់រង្វាន់ដែលត្រូវបង់' },
  PROMOTION_AMOUNT_TOO_HIGH: { status: 400, en: 'The bonus may be at most {0}', cn: '红利金额最多为{0}', km: 'ប្រាក់រង្វាន់អាចមានច្រើនបំផុត {0}' },
  PROMOTION_CODE_TAKEN: { status: 409, en: 'A promotion with this code already exists', cn: '该活动代码已存在', km: 'មានការផ្សព្វផ្សាយដែលមានលេខកូដនេះរួចហើយ' },
  WITHDRAW_TURNOVER_PENDING: { status: 409, en: 'Bets of {0} more are needed before you can withdraw (promotion turnover)', cn: '还需投注{0}才能提款（活动流水要求）', km: 'ត្រូវការភ្នាល់បន្ថែម {0} ទៀតមុនពេលអ្នកអាចដកប្រាក់ (ចំនួនភ្នាល់នៃការផ្សព្វផ្សាយ)' },
  NOT_FOUND: { status: 404, en: 'Not found', cn: '未找到', km: 'រកមិនឃើញ' },
  SYSTEM_ERROR: { status: 500, en: 'System error, please try again later', cn: '系统错误，请稍后再试', km: 'កំហុសប្រព័ន្ធ សូមព្យាយាមម្តងទៀតពេលក្រោយ' },
  SERVICE_UNAVAILABLE: { status: 503, en: 'The service is temporarily unavailable', cn: '服务暂时不可用', km: 'សេវាកម្មមិនអាចប្រើបានបណ្តោះអាសន្ន' },
  // Transfer-wallet vendors (docs/vendor-protocol.md "Transfer wallet"). PENDING is never an error: it is
  // the code a transfer answer carries while the vendor has not confirmed it yet.
  VENDOR_TRANSFER_PENDING: { status: 202, en: 'The game provider has not confirmed this transfer yet; it is being checked and will finish by itself', cn: '游戏厂商尚未确认该笔转账，系统正在核对，稍后会自动完成', km: 'អ្នកផ្តល់ហ្គេមមិនទាន់បញ្ជាក់ការផ្ទេរនេះនៅឡើយ វាកំពុងត្រូវបានពិនិត្យ ហើយនឹងបញ្ចប់ដោយខ្លួនឯង' },
  VENDOR_TRANSFER_REFUSED: { status: 409, en: 'The game provider refused this transfer; no money was moved', cn: '游戏厂商拒绝了该笔转账，资金未发生变动', km: 'អ្នកផ្តល់ហ្គេមបានបដិសេធការផ្ទេរនេះ គ្មានប្រាក់ត្រូវបានផ្ទេរទេ' },
  VENDOR_TRANSFER_FAILED: { status: 409, en: 'The game provider did not confirm this transfer in time; no money was moved', cn: '游戏厂商未能及时确认该笔转账，资金未发生变动', km: 'អ្នកផ្តល់ហ្គេមមិនបានបញ្ជាក់ការផ្ទេរនេះទាន់ពេល គ្មានប្រាក់ត្រូវបានផ្ទេរទេ' },
  VENDOR_UNAVAILABLE: { status: 503, en: 'The game provider cannot be reached right now; no money was moved, please try again later', cn: '暂时无法连接游戏厂商，资金未发生变动，请稍后再试', km: 'មិនអាចភ្ជាប់ទៅអ្នកផ្តល់ហ្គេមបានទេនៅពេលនេះ គ្មានប្រាក់ត្រូវបានផ្ទេរទេ សូមព្យាយាមម្តងទៀតពេលក្រោយ' },
  TRANSFER_PENDING: { status: 409, en: 'A transfer with this game provider is still being confirmed; no money was moved, try again when it has finished', cn: '与该游戏厂商的一笔转账仍在确认中，资金未发生变动，请在其完成后再试', km: 'ការផ្ទេរជាមួយអ្នកផ្តល់ហ្គេមនេះកំពុងរង់ចាំការបញ្ជាក់ គ្មានប្រាក់ត្រូវបានផ្ទេរទេ សូមព្យាយាមម្តងទៀតនៅពេលវាបញ្ចប់' },
  VENDOR_PLAYER_UNKNOWN: { status: 409, en: 'The game provider has no record of this game wallet; no money was moved, customer service has been notified', cn: '游戏厂商没有该游戏钱包的记录，资金未发生变动，已通知客服处理', km: 'អ្នកផ្តល់ហ្គេមមិនមានកំណត់ត្រានៃកាបូបហ្គេមនេះទេ គ្មានប្រាក់ត្រូវបានផ្ទេរទេ សេវាអតិថិជនត្រូវបានជូនដំណឹង' },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/**
 * Why a recover-all left a game wallet alone (`skipped[].reason` of GCS_walletTransfer). Each is a code
 * of this catalogue, so clients can show it in the member's language.
 */
export const TRANSFER_SKIP_REASONS = ['VENDOR_UNAVAILABLE', 'TRANSFER_PENDING', 'VENDOR_PLAYER_UNKNOWN', 'INSUFFICIENT_FUNDS', 'VENDOR_TRANSFER_REFUSED', 'VENDOR_TRANSFER_FAILED'] as const satisfies readonly ErrorCode[];
export type TransferSkipReason = (typeof TRANSFER_SKIP_REASONS)[number];

export const errorStatus = (code: ErrorCode) => ERRORS[code].status;

export const fillPlaceholders = (text: string, args: readonly (string | number)[]) =>
  text.replace(/\{(\d+)\}/g, (all, i) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : all));

export const errorMessage = (code: ErrorCode, lang: Lang, args: readonly (string | number)[] = []) =>
  fillPlaceholders(ERRORS[code][lang], args);
