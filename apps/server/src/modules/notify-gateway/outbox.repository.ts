import type { Database } from '../../db/database.js';

export type OutboxStatus = 'queued' | 'delivered' | 'sent' | 'failed';

/** The outbox: one row per message handed to the gateway, whatever became of it. */
export const outboxRepository = (db: Database) => ({
  add: async (m: { merchantId: bigint; channel: 'sms' | 'email'; recipient: string; purpose: string; body: string | null; gateway: string; status: OutboxStatus }) =>
    (
      await db
        .insertInto('outbound_messages')
        .values({ merchant_id: m.merchantId, channel: m.channel, recipient: m.recipient, purpose: m.purpose, body: m.body, gateway: m.gateway, status: m.status })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  setStatus: async (merchantId: bigint, id: bigint, status: OutboxStatus, error: string | null = null) => {
    await db.updateTable('outbound_messages').set({ status, error, updated_at: new Date() }).where('merchant_id', '=', merchantId).where('id', '=', id).execute();
  },

  /** The simulator's inbox: this merchant's latest messages, optionally to one recipient. */
  recent: (merchantId: bigint, opts: { recipient?: string; limit: number }) => {
    let q = db
      .selectFrom('outbound_messages')
      .select(['id', 'channel', 'recipient', 'purpose', 'body', 'status', 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where('gateway', '=', 'simulator');
    const r = opts.recipient?.trim();
    if (r?.includes('@')) q = q.where('recipient', '=', r.toLowerCase());
    else if (r) {
      // A phone number as a person types it: its digits without leading zeros end the stored number.
      const digits = r.replace(/\D/g, '').replace(/^0+/, '');
      q = digits ? q.where('recipient', 'like', `%${digits}`) : q.where('recipient', '=', r);
    }
    return q.orderBy('id', 'desc').limit(opts.limit).execute();
  },
});
export type OutboxRepository = ReturnType<typeof outboxRepository>;
