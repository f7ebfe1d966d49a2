import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-ledger.js';
import * as m0003 from './0003-operators.js';
import * as m0004 from './0004-deposits.js';
import * as m0005 from './0005-withdrawals.js';
import * as m0006 from './0006-games.js';
import * as m0007 from './0007-catalog.js';
import * as m0008 from './0008-game-rounds-per-player.js';
import * as m0009 from './0009-inhouse.js';
import * as m0010 from './0010-ledger-post-function.js';
import * as m0011 from './0011-transfer-wiring.js';
import * as m0012 from './0012-game-session-expiry.js';
import * as m0013 from './0013-vendor-bet-cursors.js';
import * as m0014 from './0014-ledger-post-batch.js';
import * as m0015 from './0015-online-deposit-expiry.js';
import * as m0016 from './0016-game-wallet-checks.js';
import * as m0017 from './0017-login-history-session.js';
import * as m0018 from './0018-inhouse-revealed-seeds.js';
import * as m0019 from './0019-feedback.js';
import * as m0020 from './0020-messages.js';
import * as m0021 from './0021-agent-contracts.js';
import * as m0022 from './0022-points.js';
import * as m0023 from './0023-message-keys.js';
import * as m0024 from './0024-promotions.js';
import * as m0025 from './0025-referrals.js';
import * as m0026 from './0026-lottery.js';
import * as m0027 from './0027-missions.js';
import * as m0028 from './0028-vip.js';
import * as m0029 from './0029-announcements.js';
import * as m0030 from './0030-chat.js';
import * as m0031 from './0031-audit-filters.js';
import * as m0032 from './0032-vip-raise-due.js';
import * as m0033 from './0033-vip-checks.js';
import * as m0034 from './0034-verification.js';
import * as m0035 from './0035-member-password-reset.js';
import * as m0036 from './0036-help-center.js';
import * as m0037 from './0037-member-profile.js';
import * as m0038 from './0038-login-challenges.js';
import * as m0039 from './0039-rebate.js';
import * as m0040 from './0040-red-envelopes.js';
import * as m0041 from './0041-lottery-exposure.js';
import * as m0042 from './0042-round-descriptions.js';
import * as m0043 from './0043-articles.js';
import * as m0044 from './0044-lottery-closed-numbers.js';
import * as m0045 from './0045-self-exclusion.js';

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-ledger': m0002,
  '0003-operators': m0003,
  '0004-deposits': m0004,
  '0005-withdrawals': m0005,
  '0006-games': m0006,
  '0007-catalog': m0007,
  '0008-game-rounds-per-player': m0008,
  '0009-inhouse': m0009,
  '0010-ledger-post-function': m0010,
  '0011-transfer-wiring': m0011,
  '0012-game-session-expiry': m0012,
  '0013-vendor-bet-cursors': m0013,
  '0014-ledger-post-batch': m0014,
  '0015-online-deposit-expiry': m0015,
  '0016-game-wallet-checks': m0016,
  '0017-login-history-session': m0017,
  '0018-inhouse-revealed-seeds': m0018,
  '0019-feedback': m0019,
  '0020-messages': m0020,
  '0021-agent-contracts': m0021,
  '0022-points': m0022,
  '0023-message-keys': m0023,
  '0024-promotions': m0024,
  '0025-referrals': m0025,
  '0026-lottery': m0026,
  '0027-missions': m0027,
  '0028-vip': m0028,
  '0029-announcements': m0029,
  '0030-chat': m0030,
  '0031-audit-filters': m0031,
  '0032-vip-raise-due': m0032,
  '0033-vip-checks': m0033,
  '0034-verification': m0034,
  '0035-member-password-reset': m0035,
  '0036-help-center': m0036,
  '0037-member-profile': m0037,
  '0038-login-challenges': m0038,
  '0039-rebate': m0039,
  '0040-red-envelopes': m0040,
  '0041-lottery-exposure': m0041,
  '0042-round-descriptions': m0042,
  '0043-articles': m0043,
  '0044-lottery-closed-numbers': m0044,
  '0045-self-exclusion': m0045,
};
