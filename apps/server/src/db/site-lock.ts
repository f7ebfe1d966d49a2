import type { Tx } from '../modules/ledger/ledger.repository.js';

/**
 * Serialises one kind of a site's writes (a count kept under its cap, an address kept unique, an order
 * kept whole) on the merchant's row, taken first by every such write. NO KEY UPDATE: it does not hold up
 * the foreign-key checks of everything else written for the site meanwhile (sessions, audit rows, the
 * ledger), as FOR UPDATE would.
 */
export const lockSite = (tx: Tx, merchantId: bigint) => tx.selectFrom('merchants').select('id').where('id', '=', merchantId).forNoKeyUpdate().execute();
