import type { VendorErrorCode } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';

/** A refusal of the in-process game wallet as the portal's error, for our own games' calls. */
export const walletRefusal = (code: VendorErrorCode) => {
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return new AppError('INSUFFICIENT_FUNDS');
    case 'TRIAL_ACCOUNT':
      return new AppError('TRIAL_NEED_REAL_ACCOUNT');
    case 'PLAYER_DISABLED':
      return new AppError('ACCOUNT_DISABLED');
    case 'VENDOR_DISABLED':
      return new AppError('GAME_MAINTENANCE');
    default:
      return new AppError('SERVICE_UNAVAILABLE');
  }
};
