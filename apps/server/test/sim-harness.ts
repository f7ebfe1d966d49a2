import type { AddressInfo } from 'node:net';
import { createSim } from '../../vendor-sim/src/server.js';
import { VENDOR_DEV_SECRET } from '../src/config.js';
import { startHarness, type Harness } from './harness.js';

/**
 * A portal connected to a real vendor simulator (apps/vendor-sim) running in this process on a free
 * port and spoken to over signed HTTP calls: the transfer vendors AG, BBIN and PT hold their players'
 * wallets there. `timeoutMs` is the portal's vendor timeout; the simulator's "timeout" fault hangs for
 * three times that.
 */
export const startSimHarness = async (timeoutMs: number) => {
  const sim = createSim({ apsaraUrl: 'http://127.0.0.1:9', secretOf: () => VENDOR_DEV_SECRET, categoryOf: () => 'RNG', transferVendors: new Set(['AG', 'BBIN', 'PT']), hangMs: 3 * timeoutMs });
  await new Promise<void>((r) => sim.server.listen(0, '127.0.0.1', r));
  const simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  let h: Harness;
  try {
    h = await startHarness({ VENDOR_TRANSFER_URL: simUrl, VENDOR_TRANSFER_TIMEOUT_MS: String(timeoutMs) });
  } catch (e) {
    sim.server.close();
    throw e;
  }
  const ops = await h.opsLogin();
  const merchants = await h.database.db.selectFrom('merchants').select(['id', 'code']).execute();
  const merchantIdOf = (code: string) => merchants.find((m) => m.code === code)!.id;
  const close = async () => {
    await h.close();
    sim.server.closeAllConnections();
    await new Promise<void>((r) => sim.server.close(() => r()));
  };
  return { sim, simUrl, h, ops, merchantIdOf, close };
};
export type SimHarness = Awaited<ReturnType<typeof startSimHarness>>;
