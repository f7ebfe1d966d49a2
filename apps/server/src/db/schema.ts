import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;
/** A nullable column that may be left out of an insert (it is then NULL). */
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type MerchantsTable = {
  id: Generated<bigint>;
  code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  timezone: string;
  default_language: Generated<string>;
  languages: Json<string[]>;
  config: Json<Record<string, unknown>>;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type MerchantDomainsTable = {
  domain: string;
  merchant_id: bigint;
  is_main: Generated<boolean>;
};

export type MembersTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  username: string;
  username_lower: ColumnType<string, never, never>;
  type: Generated<number>;
  status: Generated<string>;
  password_hash: string;
  payment_password_hash: Maybe<string>;
  nickname: Maybe<string>;
  payee_name: Maybe<string>;
  email: Maybe<string>;
  mobile_num: Maybe<string>;
  country_dialing_code: Maybe<string>;
  id_number: Maybe<string>;
  contacts: Json<Record<string, string>>;
  parent_id: Maybe<bigint>;
  affiliate_code: Maybe<string>;
  referral_code: Maybe<string>;
  recommender_id: Maybe<string>;
  language: Maybe<string>;
  register_ip: Maybe<string>;
  register_url: Maybe<string>;
  register_method: Maybe<string>;
  password_changed_at: Generated<Date>;
  /** Set by an operator's password reset, cleared when the member sets their own (migration 0035). */
  must_change_password: Generated<boolean>;
  first_login_at: Maybe<Date>;
  last_login_at: Maybe<Date>;
  last_login_ip: Maybe<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 0025 (docs/referral.md). */
  invite_code: Maybe<string>;
  referred_by: Maybe<bigint>;
  referral_settled_at: Maybe<Date>;
  /** Migration 0045: the member took a break and cannot sign in before this moment. */
  excluded_until: Maybe<Date>;
};

/** Migration 0037 (docs/profile.md). The full name is members.payee_name; birthday is read as text (to_char). */
export type MemberProfilesTable = {
  member_id: bigint;
  merchant_id: bigint;
  birthday: ColumnType<Date | null, string | null | undefined, string | null>;
  permanent_address: Maybe<string>;
  current_address: Maybe<string>;
  place_of_birth: Maybe<string>;
  nationality: Maybe<string>;
  occupation: Maybe<string>;
  income_source: Maybe<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

export type AccountsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint | null;
  kind: string;
  currency: string;
  balance: Generated<bigint>;
  allow_negative: Generated<boolean>;
  held: Generated<bigint>;
  code: string | null;
  created_at: Generated<Date>;
};

export type LedgerTransactionsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  type: string;
  reference: string | null;
  idempotency_key: string;
  request_hash: string;
  metadata: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
};

export type LedgerEntriesTable = {
  id: Generated<bigint>;
  transaction_id: bigint;
  account_id: bigint;
  amount: bigint;
  balance_after: bigint;
  created_at: Generated<Date>;
};

export type LedgerHoldsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  account_id: bigint;
  amount: bigint;
  status: Generated<'held' | 'captured' | 'released'>;
  idempotency_key: string;
  request_hash: string;
  transaction_id: bigint | null;
  reference: string | null;
  created_at: Generated<Date>;
  resolved_at: Date | null;
};

export type SessionsTable = {
  id: Generated<bigint>;
  token_hash: string;
  merchant_id: bigint;
  member_id: bigint;
  login_type: Generated<string>;
  must_change_password: Generated<boolean>;
  first_time_login: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
};

export type LoginHistoryTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint | null;
  username: string | null;
  ip: string | null;
  user_agent: string | null;
  success: boolean;
  reason: string | null;
  /** The session a successful sign-in opened (migration 0017). */
  session_id: bigint | null;
  created_at: Generated<Date>;
};

export type CaptchasTable = {
  id: string;
  merchant_id: bigint;
  answer_hash: string;
  client_key: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
};

export type AuthThrottlesTable = {
  key: string;
  count: Generated<number>;
  window_start: Timestamp;
  locked_until: Date | null;
  updated_at: Timestamp;
};

export type OperatorsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  username: string;
  username_lower: ColumnType<string, never, never>;
  password_hash: string;
  role: 'admin' | 'finance' | 'support';
  status: Generated<'active' | 'disabled'>;
  created_at: Generated<Date>;
  last_login_at: Date | null;
  last_login_ip: string | null;
};

export type OperatorSessionsTable = {
  id: Generated<bigint>;
  token_hash: string;
  merchant_id: bigint;
  operator_id: bigint;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
};

export type AuditLogTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  operator_id: bigint | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Json<Record<string, unknown> | null>;
  after: Json<Record<string, unknown> | null>;
  reason: string | null;
  ip: string | null;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
};

export type UploadsTable = {
  id: string;
  merchant_id: bigint;
  member_id: bigint;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  sha256: string;
  bytes: Uint8Array;
  created_at: Generated<Date>;
};

export type DepositsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  channel_id: string;
  type: 'BANK_TRANSFER' | 'ONLINE';
  amount: bigint;
  currency: string;
  reference: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'expired'>;
  receipt_id: string | null;
  ledger_transaction_id: bigint | null;
  idempotency_key: string;
  reviewed_by: bigint | null;
  review_note: string | null;
  created_at: Generated<Date>;
  reviewed_at: Date | null;
  provider: Maybe<'paysim'>;
  provider_reference: Maybe<string>;
  /** Online orders only: unpaid by then, the order expires. */
  expires_at: Maybe<Date>;
};

export type BankCardsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  bank_name: string;
  account_name: string;
  account_number: string;
  created_at: Generated<Date>;
  removed_at: Maybe<Date>;
};

export type WithdrawalStatusValue = 'pending' | 'approved' | 'paid' | 'rejected';
export type WithdrawalConfirmationValue = 'received' | 'partial' | 'not_received' | 'auto_received';

export type WithdrawalsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  bank_card_id: bigint;
  amount: bigint;
  fee: bigint;
  currency: string;
  status: Generated<WithdrawalStatusValue>;
  hold_id: bigint;
  ledger_transaction_id: Maybe<bigint>;
  idempotency_key: string;
  request_hash: string;
  reviewed_by: Maybe<bigint>;
  review_note: Maybe<string>;
  confirmation: Maybe<WithdrawalConfirmationValue>;
  received_amount: Maybe<bigint>;
  confirm_deadline: Maybe<Date>;
  created_at: Generated<Date>;
  approved_at: Maybe<Date>;
  paid_at: Maybe<Date>;
  rejected_at: Maybe<Date>;
  confirmed_at: Maybe<Date>;
};

export type WithdrawalProofsTable = { withdrawal_id: bigint; upload_id: string };

export type PaymentCallbackNoncesTable = { provider: string; nonce: string; deposit_id: bigint | null; received_at: Generated<Date> };


export type GameStatus = 'active' | 'maintenance' | 'disabled';

export type GameVendorsTable = {
  code: string;
  name: string;
  wallet_type: 'SEAMLESS' | 'TRANSFER';
  origin: 'INHOUSE' | 'SIM';
  status: Generated<GameStatus>;
  created_at: Generated<Date>;
};

export type GameNames = { en: string; cn: string; km: string };

export type GamesTable = {
  id: Generated<bigint>;
  node_id: bigint;
  vendor_code: string;
  game_code: string;
  game_type: string;
  is_game: Generated<'GAME' | 'VASSALAGE'>;
  vassalage: Maybe<string>;
  names: Json<GameNames>;
  icon_path: string;
  is_hot: Generated<boolean>;
  min_bet: bigint;
  lines: Generated<number>;
  sort: Generated<number>;
  status: Generated<GameStatus>;
  created_at: Generated<Date>;
  /** Further categories the game is listed under besides game_type (migration 0007). */
  also_types: Generated<string[]>;
};

export type CatalogVersionTable = { id: Generated<boolean>; version: Generated<bigint>; changed_at: Generated<Date> };

export type MerchantGameVendorsTable = {
  merchant_id: bigint;
  game_type: string;
  vendor_code: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  maintenance: Generated<boolean>;
};

export type FavoriteGamesTable = { merchant_id: bigint; member_id: bigint; game_id: bigint; created_at: Generated<Date> };
export type RecentGamesTable = { merchant_id: bigint; member_id: bigint; game_id: bigint; played_at: Generated<Date> };

export type GameSessionsTable = {
  id: Generated<bigint>;
  token_hash: string;
  merchant_id: bigint;
  member_id: bigint;
  vendor_code: string;
  game_id: bigint;
  created_at: Generated<Date>;
  expires_at: Date;
};

/** A member's provably-fair seeds (migration 0009); server_seed is secret until rotation. */
export type InhouseSeedsTable = {
  merchant_id: bigint;
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  next_server_seed: string;
  next_server_seed_hash: string;
  updated_at: Generated<Date>;
};

/** A retired seed pair a member bet with (nonce: how many bets, nonces 0 … nonce − 1). Append-only. */
export type InhouseRevealedSeedsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  revealed_at: Generated<Date>;
};

/** Feedback and complaints (migration 0019): open until an operator answers it. */
export type FeedbackTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint | null;
  sender: string;
  contact: string | null;
  type: number;
  content: string;
  status: Generated<'open' | 'resolved'>;
  reply: string | null;
  resolved_by: bigint | null;
  resolved_at: Date | null;
  ip: string | null;
  created_at: Generated<Date>;
};

/** Inbox messages (migration 0020): to one member, or to every member when member_id is null. */
/** Rates inside `tiers` are hundredths of a percent (migration 0021). */
export type StoredTier = { threshold: string; minActive: number; rateBp: number; lossRateBp?: number };

export type AgentContractsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  kind: 'dividend' | 'daily' | 'hourly' | 'realtime';
  holder_id: bigint;
  upline_id: bigint | null;
  offered_by: bigint | null;
  period: 'D' | 'W' | 'H' | 'M' | null;
  tiers: Json<StoredTier[]>;
  max_rate_bp: number;
  status: Generated<'offered' | 'active' | 'rejected' | 'terminated' | 'withdrawn'>;
  termination_requested_by: 'upline' | 'holder' | null;
  end_reason: 'agreed' | 'replaced' | 'upline_rate_lowered' | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  ended_at: Date | null;
};

export type AgentContractSettlementsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  contract_id: bigint;
  period_start: Date;
  period_end: Date;
  basis: bigint;
  active: number;
  rate_bp: number | null;
  amount: bigint;
  status: 'paid' | 'nothing' | 'unpaid';
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
};

/** Migration 0022: the points mall (docs/points-mall.md). */
export type PointAccountsTable = {
  member_id: bigint;
  merchant_id: bigint;
  balance: Generated<bigint>;
  lifetime_earned: Generated<bigint>;
  updated_at: Generated<Date>;
};

export type PointGoodsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  name: Json<LocalizedName>;
  description: ColumnType<LocalizedName | null, string | LocalizedName | null | undefined, string | LocalizedName | null>;
  art: string;
  kind: 'physical' | 'virtual';
  points: bigint;
  amount: Generated<bigint>;
  stock: number;
  remaining: number;
  limit_per_member: Maybe<number>;
  on_sale: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
};
/** Operator-written words: one string for every language, or one per language (contracts LocalizedText). */
export type LocalizedName = string | { en: string; km?: string; cn?: string };

/** Migration 0024 (docs/promotions.md). */
export type PromotionPrizeRow = { amount: string; weight: number };
export type PromotionsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  code: string;
  category: string;
  mechanic: 'apply' | 'deposit' | 'raffle' | 'envelope';
  repeat: 'once' | 'daily';
  art: string;
  title: Json<LocalizedName>;
  summary: Json<LocalizedName>;
  body: Json<LocalizedName>;
  starts_at: Date;
  ends_at: Maybe<Date>;
  visible: Generated<boolean>;
  sort: Generated<number>;
  bonus: Maybe<bigint>;
  percent: Maybe<number>;
  max_bonus: Maybe<bigint>;
  min_deposit: Maybe<bigint>;
  first_deposit_only: Generated<boolean>;
  turnover_multiple: Generated<number>;
  prizes: ColumnType<PromotionPrizeRow[] | null, string | null | undefined, string | null>;
  proof: Generated<'none' | 'optional' | 'required'>;
  created_at: Generated<Date>;
  /** Migration 0040: red envelopes' daily pool and count. */
  pool_total: Maybe<bigint>;
  envelope_count: Maybe<number>;
};

/** Migration 0040: what is left of a red-envelope promotion's pool on one of the site's days. */
export type PromotionEnvelopeDaysTable = {
  promotion_id: bigint;
  period: string;
  left_amount: bigint;
  left_count: number;
};

export type PromotionClaimsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  promotion_id: bigint;
  period: string;
  status: 'signed_up' | 'applying' | 'rejected' | 'issued' | 'claimed';
  remark: Maybe<string>;
  review_remark: Maybe<string>;
  bonus: Maybe<bigint>;
  deposit_id: Maybe<bigint>;
  deposit_amount: Maybe<bigint>;
  turnover_required: Generated<bigint>;
  ledger_transaction_id: Maybe<bigint>;
  decided_by: Maybe<bigint>;
  created_at: Generated<Date>;
  decided_at: Maybe<Date>;
  paid_at: Maybe<Date>;
  turnover_met_at: Maybe<Date>;
};

export type PromotionActionsTable = {
  member_id: bigint;
  idempotency_key: string;
  action: 'join' | 'apply' | 'claim';
  promotion_id: bigint;
  claim_id: Maybe<bigint>;
  request_hash: string;
  prize: Maybe<bigint>;
  created_at: Generated<Date>;
};

/** Migration 0026 (docs/lottery.md). */
export type LotteryDrawsTable = {
  id: Generated<bigint>;
  game_code: string;
  draw_no: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  seed_hash: string;
  seed: string;
  result: Maybe<number[]>;
  status: Generated<'open' | 'drawn' | 'settled'>;
  drawn_at: Maybe<Date>;
  settled_at: Maybe<Date>;
};

export type LotterySlipBet = { kind: string; position: number | null; pick: string; amount: string; odds: number };
export type LotterySlipsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  draw_id: bigint;
  bets: Json<LotterySlipBet[]>;
  stake: bigint;
  payout: Generated<bigint>;
  status: Generated<'placing' | 'pending' | 'voiding' | 'won' | 'lost' | 'void'>;
  void_code: Maybe<string>;
  idempotency_key: string;
  request_hash: string;
  created_at: Generated<Date>;
  settled_at: Maybe<Date>;
  /** Migration 0041: the slip's bets are counted in lottery_exposure. */
  exposure_counted: Generated<boolean>;
};

/** Migration 0041: what one pick of one draw could cost a site (docs/lottery.md "Limits"). */
export type LotteryExposureTable = {
  merchant_id: bigint;
  draw_id: bigint;
  kind: string;
  position: number;
  pick: string;
  liability: bigint;
};

/** Migration 0044: a number of one lottery a site takes no new bets on. */
export type LotteryClosedNumbersTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  game_code: string;
  number: string;
  reason: string | null;
  operator_id: bigint | null;
  created_at: Generated<Date>;
};

export type ReferralRewardsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  referrer_id: bigint;
  friend_id: bigint;
  amount: bigint;
  ledger_transaction_id: bigint;
  created_at: Generated<Date>;
};

/** Migration 0039 (docs/rebate.md): one row per manual rebate collection. */
export type RebateClaimsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  amount: bigint;
  bets: bigint;
  rounds: number;
  lines: ColumnType<RebateLineRow[], string, string>;
  idempotency_key: string;
  ledger_transaction_id: bigint | null;
  created_at: Generated<Date>;
};
/** A category of a collection as stored (minor units as text: bigints do not fit JSON numbers). */
export type RebateLineRow = { category: string; bets: string; rateBps: number; amount: string };

/** Migration 0030 (docs/chat.md). */
export type ChatConversationsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  topic: 'deposit' | 'withdrawal' | 'account' | 'games' | 'promotions' | 'other';
  status: Generated<'open' | 'closed'>;
  assigned_to: Maybe<bigint>;
  last_message_at: Generated<Date>;
  last_sender: Generated<'member' | 'operator' | 'system'>;
  member_read_id: Generated<bigint>;
  operator_read_id: Generated<bigint>;
  created_at: Generated<Date>;
  closed_at: Maybe<Date>;
  closed_by: Maybe<'member' | 'operator' | 'system'>;
};
export type ChatMessagesTable = {
  id: Generated<bigint>;
  conversation_id: bigint;
  merchant_id: bigint;
  sender: 'member' | 'operator' | 'system';
  operator_id: Maybe<bigint>;
  /** A member's or operator's text, or a system line as LocalizedName. */
  body: Json<LocalizedName>;
  idempotency_key: Maybe<string>;
  request_hash: Maybe<string>;
  created_at: Generated<Date>;
};

/** Migration 0029 (docs/announcements.md). Texts are LocalizedName jsonb. */
export type AnnouncementsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  kind: 'banner' | 'player' | 'popup' | 'promotion' | 'agent';
  title: Json<LocalizedName>;
  content: ColumnType<LocalizedName | null, string | null | undefined, string | null>;
  subtitle: ColumnType<LocalizedName | null, string | null | undefined, string | null>;
  eyebrow: ColumnType<LocalizedName | null, string | null | undefined, string | null>;
  cta: ColumnType<LocalizedName | null, string | null | undefined, string | null>;
  group_name: Maybe<'w_home' | 'w_login' | 'w_register' | 'w_leftmenu'>;
  art: Maybe<'welcome' | 'live' | 'slots' | 'sports'>;
  image_url: Maybe<string>;
  url: Maybe<string>;
  linkage_type: Maybe<'INTERNAL' | 'EXTERNAL'>;
  execution: Maybe<'once' | 'session' | 'daily'>;
  audience: Generated<'all' | 'members' | 'visitors'>;
  pinned: Generated<boolean>;
  sort: Generated<number>;
  starts_at: Date;
  ends_at: Maybe<Date>;
  active: Generated<boolean>;
  created_by: Maybe<bigint>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

/** Migration 0036 (docs/help-center.md). Title and body are LocalizedName jsonb. */
export type HelpTopicsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  key: string;
  sort: Generated<number>;
  icon: string;
  title: Json<LocalizedName>;
  body: ColumnType<LocalizedName | null, string | null | undefined, string | null>;
  action: Generated<'none' | 'feedback' | 'chat' | 'path'>;
  action_path: Maybe<string>;
  enabled: Generated<boolean>;
  created_by: Maybe<bigint>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

/** Migration 0043 (docs/articles.md). */
export type ArticlesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  kind: 'guide' | 'blog' | 'news';
  slug: string;
  sort: Generated<number>;
  title: Json<LocalizedName>;
  summary: ColumnType<LocalizedName | null, string | null | undefined, string | null>;
  body: Json<LocalizedName>;
  published_at: Maybe<Date>;
  created_by: Maybe<bigint>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

/** Migration 0027 (docs/missions.md). */
export type MissionsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  code: string;
  period: 'daily' | 'weekly';
  metric: 'bets' | 'rounds' | 'wins' | 'deposits';
  target: bigint;
  reward: bigint;
  sort: Generated<number>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
};
export type MissionClaimsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  mission_id: bigint;
  /** The period's first day, YYYY-MM-DD. */
  period: string;
  amount: bigint;
  ledger_transaction_id: bigint;
  created_at: Generated<Date>;
};
export type LeaderboardSettlementsTable = {
  merchant_id: bigint;
  period: string;
  kind: 'daily' | 'weekly';
  ranked: number;
  standings: Json<Array<{ rank: number; memberId: string; username: string; bets: string; prize: string | null }>>;
  settled_at: Generated<Date>;
};
export type LeaderboardAwardsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  kind: 'daily' | 'weekly';
  period: string;
  rank: number;
  member_id: bigint;
  bets: bigint;
  amount: bigint;
  ledger_transaction_id: bigint;
  created_at: Generated<Date>;
};

/** Migration 0028 (docs/vip.md). */
export type VipProgressTable = {
  member_id: bigint;
  merchant_id: bigint;
  bets: Generated<bigint>;
  deposits: Generated<bigint>;
  level: Generated<number>;
  updated_at: Generated<Date>;
  /** Updates of the row; the raise step checks rows with `changes > checked` (migration 0032). */
  changes: Generated<bigint>;
  checked: Generated<bigint>;
};
/** Every SMS or e-mail handed to the message gateway (migration 0034); `body` only from the simulator. */
export type OutboundMessagesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  channel: 'sms' | 'email';
  recipient: string;
  purpose: string;
  body: string | null;
  gateway: string;
  status: 'queued' | 'delivered' | 'sent' | 'failed';
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
/** SMS codes as salted hashes, with expiry, wrong tries and single use (migration 0034). */
export type VerificationCodesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  channel: 'sms' | 'email';
  destination: string;
  purpose: 'login' | 'register' | 'reset';
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  consumed_at: Date | null;
  created_at: Generated<Date>;
};
/** Sign-ins from a new address waiting for their code (migration 0038, docs/two-factor.md). */
export type LoginChallengesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  id_hash: string;
  ip: string;
  user_agent: string | null;
  portal: 'member' | 'agent';
  flagged_password: Generated<boolean>;
  channel: 'sms' | 'email';
  destination: string;
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  sends: Generated<number>;
  last_sent_at: Generated<Date>;
  consumed_at: Date | null;
  created_at: Generated<Date>;
};
/** E-mailed password reset links, stored as hashes (migration 0034). */
export type PasswordResetTokensTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
};
/** The thresholds a site's VIP progress rows were last all checked against (migration 0033). */
export type VipChecksTable = {
  merchant_id: bigint;
  thresholds: string;
  checked_at: Generated<Date>;
};
export type VipUpgradesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  level: number;
  bonus: bigint;
  ledger_transaction_id: bigint | null;
  reached_at: Generated<Date>;
  paid_at: Date | null;
};
export type VipQueueTable = { id: Generated<bigint>; kind: 'round' | 'deposit'; ref_id: bigint };

export type PromotionClaimImagesTable = { claim_id: bigint; upload_id: string; position: number };

export type PointOrdersTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  kind: 'goods' | 'convert';
  goods_id: Maybe<bigint>;
  quantity: number;
  points: bigint;
  amount: bigint;
  address: Maybe<string>;
  status: 'applying' | 'approved' | 'rejected';
  remark: Maybe<string>;
  hold_id: Maybe<bigint>;
  ledger_transaction_id: Maybe<bigint>;
  idempotency_key: string;
  request_hash: string;
  decided_by: Maybe<bigint>;
  created_at: Generated<Date>;
  decided_at: Maybe<Date>;
};

export type PointEntriesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  kind: string;
  change: bigint;
  balance_after: bigint;
  order_id: Maybe<bigint>;
  basis: Maybe<bigint>;
  note: Maybe<string>;
  idempotency_key: Maybe<string>;
  request_hash: Maybe<string>;
  operator_id: Maybe<bigint>;
  created_at: Generated<Date>;
};

export type PointProgressTable = { member_id: bigint; source: string; carry: Generated<bigint> };
export type PointQueueTable = { id: Generated<bigint>; kind: 'round' | 'deposit'; ref_id: bigint };

export type MessagesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint | null;
  title: string;
  body: string;
  sent_by: bigint | null;
  created_at: Generated<Date>;
  /** Migration 0023: the operator's key for this send, and the fingerprint of what was sent with it. */
  idempotency_key: Maybe<string>;
  request_hash: Maybe<string>;
};

/** What one member did with one message: read it, deleted it. */
export type MessageStatesTable = {
  member_id: bigint;
  message_id: bigint;
  read_at: Date | null;
  deleted_at: Date | null;
};

/** One in-house play request per member and idempotency key, with the outcome decided when claimed. */
export type InhousePlaysTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  idempotency_key: string;
  game: string;
  request_hash: string;
  outcome: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
};

export type InhouseMinesStatus = 'pending' | 'open' | 'lost' | 'cashed' | 'void';
export type InhouseMinesTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  stake: bigint;
  mines: number;
  mine_cells: ColumnType<number[], string, string>;
  revealed: ColumnType<number[], string | undefined, string>;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  status: Generated<InhouseMinesStatus>;
  payout: Generated<bigint>;
  created_at: Generated<Date>;
  ended_at: Maybe<Date>;
};

export type GameRoundsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  vendor_code: string;
  game_id: bigint;
  round_ref: string;
  stake: Generated<bigint>;
  payout: Generated<bigint>;
  status: Generated<'open' | 'closed'>;
  detail: ColumnType<Record<string, unknown> | null, string | Record<string, unknown> | null | undefined, string | Record<string, unknown> | null>;
  opened_at: Generated<Date>;
  closed_at: Maybe<Date>;
  /** Migration 0022: counted into points (a round reopened and closed again counts once). */
  points_counted: Generated<boolean>;
  /** Migration 0028: counted into VIP progress, likewise. */
  vip_counted: Generated<boolean>;
  /** Migration 0039: the rebate collection that counted it (null: not collected yet). */
  rebate_claim_id: Generated<bigint | null>;
  /** Migration 0042: the vendor's words for what was staked, and for how the round ended. */
  description: Generated<string | null>;
  result: Generated<string | null>;
};

/** Migration 0013: where the bet-log pull of each transfer-wallet vendor stands. */
export type VendorBetCursorsTable = {
  vendor_code: string;
  cursor: Generated<string>;
  written: Generated<bigint>;
  skipped: Generated<bigint>;
  updated_at: Generated<Date>;
};

/** Migration 0016: when each transfer-vendor wallet was last compared with its vendor, and the job's checks. */
export type GameWalletChecksTable = {
  account_id: bigint;
  merchant_id: bigint;
  member_id: bigint;
  vendor_code: string;
  checked_at: Date;
  asked_at: Date | null;
  claimed_at: Date | null;
  result: 'synced' | 'pending' | 'raced' | 'unavailable' | 'player_unknown' | 'error' | null;
  result_claimed_at: Date | null;
  finished_at: Date | null;
};

export type VendorTransactionsTable = {
  id: Generated<bigint>;
  vendor_code: string;
  txn_ref: string;
  kind: 'bet' | 'win' | 'rollback' | 'transfer_in' | 'transfer_out';
  merchant_id: bigint;
  member_id: bigint;
  round_id: Maybe<bigint>;
  amount: bigint;
  target_ref: Maybe<string>;
  request_hash: string;
  status: 'ok' | 'refused' | 'pending' | 'failed';
  response: Json<Record<string, unknown>>;
  ledger_transaction_id: Maybe<bigint>;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};

/** A member's GCS_walletTransfer key while a transfer vendor is connected (migration 0011). */
export type WalletTransferRequestsTable = {
  id: Generated<bigint>;
  merchant_id: bigint;
  member_id: bigint;
  client_key: string;
  kind: 'transfer' | 'recover_all';
  request_hash: string;
  plan: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
};

export type DB = {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  members: MembersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  login_history: LoginHistoryTable;
  captchas: CaptchasTable;
  auth_throttles: AuthThrottlesTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_holds: LedgerHoldsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  uploads: UploadsTable;
  deposits: DepositsTable;
  bank_cards: BankCardsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  payment_callback_nonces: PaymentCallbackNoncesTable;
  game_vendors: GameVendorsTable;
  games: GamesTable;
  merchant_game_vendors: MerchantGameVendorsTable;
  favorite_games: FavoriteGamesTable;
  recent_games: RecentGamesTable;
  game_sessions: GameSessionsTable;
  game_rounds: GameRoundsTable;
  vendor_transactions: VendorTransactionsTable;
  vendor_bet_cursors: VendorBetCursorsTable;
  game_wallet_checks: GameWalletChecksTable;
  wallet_transfer_requests: WalletTransferRequestsTable;
  catalog_version: CatalogVersionTable;
  inhouse_seeds: InhouseSeedsTable;
  inhouse_revealed_seeds: InhouseRevealedSeedsTable;
  feedback: FeedbackTable;
  messages: MessagesTable;
  message_states: MessageStatesTable;
  agent_contracts: AgentContractsTable;
  agent_contract_settlements: AgentContractSettlementsTable;
  inhouse_plays: InhousePlaysTable;
  inhouse_mines: InhouseMinesTable;
  point_accounts: PointAccountsTable;
  point_goods: PointGoodsTable;
  point_orders: PointOrdersTable;
  point_entries: PointEntriesTable;
  point_progress: PointProgressTable;
  point_queue: PointQueueTable;
  promotions: PromotionsTable;
  promotion_claims: PromotionClaimsTable;
  promotion_actions: PromotionActionsTable;
  promotion_claim_images: PromotionClaimImagesTable;
  promotion_envelope_days: PromotionEnvelopeDaysTable;
  lottery_exposure: LotteryExposureTable;
  lottery_closed_numbers: LotteryClosedNumbersTable;
  referral_rewards: ReferralRewardsTable;
  rebate_claims: RebateClaimsTable;
  lottery_draws: LotteryDrawsTable;
  lottery_slips: LotterySlipsTable;
  missions: MissionsTable;
  mission_claims: MissionClaimsTable;
  leaderboard_settlements: LeaderboardSettlementsTable;
  leaderboard_awards: LeaderboardAwardsTable;
  vip_progress: VipProgressTable;
  vip_checks: VipChecksTable;
  outbound_messages: OutboundMessagesTable;
  verification_codes: VerificationCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_challenges: LoginChallengesTable;
  vip_upgrades: VipUpgradesTable;
  vip_queue: VipQueueTable;
  announcements: AnnouncementsTable;
  help_topics: HelpTopicsTable;
  articles: ArticlesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  member_profiles: MemberProfilesTable;
};

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type MerchantRow = Selectable<MerchantsTable>;
export type OperatorRow = Selectable<OperatorsTable>;
export type DepositRow = Selectable<DepositsTable>;
export type BankCardRow = Selectable<BankCardsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type GameRow = Selectable<GamesTable>;
export type GameRoundRow = Selectable<GameRoundsTable>;
export type VendorTransactionRow = Selectable<VendorTransactionsTable>;
