import { catalogGames } from '../../server/src/modules/catalog/catalog-data.js';
import { isCategory, type Category } from './games.js';
import { join } from 'node:path';
import { createSim } from './server.js';
import { secretsFrom } from './signing.js';
import { transferStore, type FaultMode } from './transfer.js';

/**
 * The vendor simulator (apps/vendor-sim). Environment:
 *   VENDOR_SIM_PORT (8090), VENDOR_SIM_HOST (0.0.0.0), APSARA_URL (http://localhost:8080),
 *   VENDOR_SECRETS (same JSON as the portal's; else the public development secret),
 *   VENDOR_SIM_TRANSFER_VENDORS (AG,BBIN,PT), VENDOR_SIM_FAULTS (e.g. "timeout:3": the next 3 transfers time out),
 *   VENDOR_SIM_MATCH_MINUTES (30: real minutes a sportsbook match lasts), VENDOR_SIM_DATA_DIR (./.data: the sportsbook's open bets).
 */
const env = process.env;
if (env.NODE_ENV === 'production') {
  console.error('The vendor simulator is a development tool: refused when NODE_ENV=production');
  process.exit(1);
}
const byCode = new Map<string, Category>();
for (const g of catalogGames('full')) if (isCategory(g.gameType)) byCode.set(`${g.vendor}/${g.gameCode}`, g.gameType);

const matchMinutes = Number(env.VENDOR_SIM_MATCH_MINUTES ?? 30);
if (!(matchMinutes >= 0.5 && matchMinutes <= 180)) {
  console.error('VENDOR_SIM_MATCH_MINUTES must be a number of minutes from 0.5 to 180');
  process.exit(1);
}
const store = transferStore();
const faults = env.VENDOR_SIM_FAULTS?.match(/^(timeout|lost|fail):(\d+)$/);
if (faults) store.setFault(faults[1] as FaultMode, Number(faults[2]));

const sim = createSim({
  apsaraUrl: (env.APSARA_URL ?? 'http://localhost:8080').replace(/\/+$/, ''),
  secretOf: secretsFrom(env.VENDOR_SECRETS),
  categoryOf: (vendor, code) => byCode.get(`${vendor}/${code}`),
  transferVendors: new Set((env.VENDOR_SIM_TRANSFER_VENDORS ?? 'AG,BBIN,PT').split(',').map((s) => s.trim()).filter(Boolean)),
  store,
  sports: {
    schedule: { matchMs: Math.round(matchMinutes * 60_000) },
    file: join(env.VENDOR_SIM_DATA_DIR ?? './.data', 'sportsbook-bets.json'),
  },
});
const port = Number(env.VENDOR_SIM_PORT ?? 8090);
sim.server.listen(port, env.VENDOR_SIM_HOST ?? '0.0.0.0', () => console.log(`vendor simulator on http://localhost:${port} (portal ${env.APSARA_URL ?? 'http://localhost:8080'})`));
const stop = () => sim.server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
