import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { runCluster } from './cluster.js';
import { runNode } from './server-node.js';

const config = loadConfig();
// Our own cluster's processes carry their slot; anything else (one process, or another launcher's
// cluster) is a whole node on its own: it prepares the database and runs the jobs.
const slot = process.env.APSARA_PROCESS_SLOT;
if (slot !== undefined && cluster.isWorker) {
  await runNode(config, { prepare: false, jobs: process.env.APSARA_JOBS === '1', slot: Number(slot) });
} else if (config.apiProcesses > 1) {
  await runCluster(config);
} else {
  await runNode(config, { prepare: true, jobs: true });
}
