import { useBalanceStream } from '../hooks/use-balance-stream';

/**
 * The live balance stream (hooks/use-balance-stream.ts) for screens without the lobby header, which
 * otherwise keeps it: the agent center's balance and pages follow the money as the header does.
 */
export const BalanceStream = () => {
  useBalanceStream();
  return null;
};
