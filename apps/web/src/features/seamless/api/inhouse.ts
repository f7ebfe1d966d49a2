import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DiceRollValue,
  FairRevealedListValue,
  FairRotateValue,
  FairSeedsValue,
  MinesGameValue,
  SlotInfoValue,
  SlotSpinValue,
  type DiceRollBody,
  type MinesStartBody,
  type SlotSpinBody,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';

/** In-house game calls (/wps/inhouse/…), signed with the member's own session token (lib/api adds it). */
export const INHOUSE_KEYS = {
  slotInfo: ['inhouse', 'slot-info'],
  seeds: ['inhouse', 'seeds'],
  revealed: ['inhouse', 'revealed'],
  minesCurrent: ['inhouse', 'mines-current'],
} as const;

/** A fresh key per play: a resent request with it returns the same round. Works outside secure contexts too. */
export const playKey = () => {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
};

export const useSlotInfo = () =>
  useQuery({ queryKey: INHOUSE_KEYS.slotInfo, queryFn: () => apiValue('/wps/inhouse/slot/info', { value: SlotInfoValue }), staleTime: Infinity });

export const spinSlot = (body: SlotSpinBody) => apiValue('/wps/inhouse/slot/spin', { method: 'POST', body, value: SlotSpinValue });

export const useSeeds = (enabled = true) =>
  useQuery({ queryKey: INHOUSE_KEYS.seeds, queryFn: () => apiValue('/wps/inhouse/fair/seeds', { value: FairSeedsValue }), enabled });

/** The member's retired seed pairs that were bet with, newest first; `serverSeedHash` looks one up. */
export const useRevealedSeeds = (query: { page: number; serverSeedHash?: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...INHOUSE_KEYS.revealed, query],
    queryFn: () =>
      apiValue(`/wps/inhouse/fair/revealed?${new URLSearchParams({ page: String(query.page), ...(query.serverSeedHash ? { serverSeedHash: query.serverSeedHash } : {}) })}`, {
        value: FairRevealedListValue,
      }),
    enabled,
  });

export const rotateSeeds = (clientSeed?: string) =>
  apiValue('/wps/inhouse/fair/rotate', { method: 'POST', body: clientSeed ? { clientSeed } : {}, value: FairRotateValue });

export const rollDice = (body: DiceRollBody) => apiValue('/wps/inhouse/dice/roll', { method: 'POST', body, value: DiceRollValue });

export const useMinesCurrent = () =>
  useQuery({ queryKey: INHOUSE_KEYS.minesCurrent, queryFn: () => apiValue('/wps/inhouse/mines/current', { value: MinesGameValue.nullable() }) });

export const startMines = (body: MinesStartBody) => apiValue('/wps/inhouse/mines/start', { method: 'POST', body, value: MinesGameValue });
export const revealMines = (gameId: string, cell: number) => apiValue('/wps/inhouse/mines/reveal', { method: 'POST', body: { gameId, cell }, value: MinesGameValue });
export const cashoutMines = (gameId: string) => apiValue('/wps/inhouse/mines/cashout', { method: 'POST', body: { gameId }, value: MinesGameValue });

/** After every play: the header balance and member views refresh (the balance stream also pushes). */
export const useAfterPlay = () => {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['member'] });
    void client.invalidateQueries({ queryKey: INHOUSE_KEYS.seeds });
  };
};

/** The verifier page, pre-filled with what a round showed; the server seed is pasted once rotation reveals it. */
export const verifyHref = (r: { serverSeedHash: string; clientSeed: string; nonce: number }, kind: 'dice' | 'mines', mines?: number) =>
  `/seamless?${new URLSearchParams({ game: 'APSARA:VERIFY', kind, hash: r.serverSeedHash, clientSeed: r.clientSeed, nonce: String(r.nonce), ...(mines ? { mines: String(mines) } : {}) })}`;
