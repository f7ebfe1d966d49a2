import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { runCluster } from './cluster.js';
import { runNode } from './server-node.js';

const config = loadConfig();
if (config.apiProcesses > 1 && cluster.isPrimary) {
  await runCluster(config);
} else {
  // A cluster's processes find the database prepared by the primary; one of them runs the jobs.
  await runNode(config, { prepare: !cluster.isWorker, jobs: !cluster.isWorker || process.env.APSARA_JOBS === '1' });
}
