import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * A member's money changed, or one of their money records did without moving money (a deposit
 * rejected, a withdrawal approved): whoever shows them (header, wallet pages, lists) should fetch
 * them again. `change` names such a record change ("deposit:12:rejected"), so a browser that sees the
 * same balance as before still knows something is new.
 */
export type BalanceEvent = { merchantId: string; memberId: string; change?: string };

/** `memberId` of an event for every real member of the site (a message to everyone). */
export const EVERY_MEMBER = '*';

/** Tells a member's open pages that one of their records changed; money movements tell them through the ledger. */
export type RecordNotice = (merchantId: bigint, memberId: bigint, change: string) => void;

/** Tells the open pages of every real member of a site that something of theirs all changed (a message to everyone). */
export type SiteNotice = (merchantId: bigint, change: string) => void;

const CHANNEL = 'apsara:balance';

export type EventBus = {
  publish: (event: BalanceEvent) => void;
  subscribe: (handler: (event: BalanceEvent) => void) => () => void;
  close: () => Promise<void>;
};

/**
 * Balance events for every API node. With Redis they go through a pub/sub channel, so a browser
 * connected to node B hears about a deposit approved on node A; without Redis (one node) they stay
 * in the process. Events are hints to refetch, never the money itself: a lost one costs freshness only.
 */
export const createEventBus = (redis?: Redis): EventBus => {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redis) {
    return {
      publish: (event) => void local.emit('balance', event),
      subscribe: (handler) => {
        local.on('balance', handler);
        return () => void local.off('balance', handler);
      },
      close: async () => {},
    };
  }
  const subscriber = redis.duplicate();
  subscriber.on('error', () => {});
  void subscriber.subscribe(CHANNEL).catch(() => {});
  subscriber.on('message', (_channel, message) => {
    try {
      local.emit('balance', JSON.parse(message) as BalanceEvent);
    } catch {
      // Not ours: ignore.
    }
  });
  return {
    publish: (event) => void redis.publish(CHANNEL, JSON.stringify(event)).catch(() => {}),
    subscribe: (handler) => {
      local.on('balance', handler);
      return () => void local.off('balance', handler);
    },
    close: async () => {
      subscriber.disconnect();
    },
  };
};
