#!/usr/bin/env node
// `npm start`: the portal server and the vendor simulator (apps/vendor-sim) side by side. Their output
// is prefixed with the process name; when either exits, the other is stopped and its exit code is ours.
// Ctrl-C / SIGTERM is passed to both. Set VENDOR_SIM=0 to start the portal alone.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const procs = [{ name: 'server', cwd: 'apps/server', env: process.env }];
if (process.env.VENDOR_SIM !== '0') {
  const portalPort = process.env.PORT ?? '8080';
  // 8090 unless the portal was given that port: then the simulator moves 100 up rather than collide.
  const simPort = process.env.VENDOR_SIM_PORT ?? (portalPort === '8090' ? '8190' : '8090');
  // The simulator calls the portal back (seamless wallet) at APSARA_URL: the portal this command starts.
  procs.push({ name: 'vendor-sim', cwd: 'apps/vendor-sim', env: { ...process.env, VENDOR_SIM_PORT: simPort, APSARA_URL: process.env.APSARA_URL ?? `http://localhost:${portalPort}` } });
  // The portal moves game-wallet money through the simulator it starts here (transfer-wallet vendors
  // AG, BBIN, PT). Without the simulator, VENDOR_TRANSFER_URL stays as given: unset is the local mode.
  const simUrl = process.env.VENDOR_SIM_URL ?? `http://localhost:${simPort}`;
  procs[0].env = { ...process.env, VENDOR_SIM_URL: simUrl, VENDOR_TRANSFER_URL: process.env.VENDOR_TRANSFER_URL ?? simUrl };
}

const children = procs.map(({ name, cwd, env }) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: new URL(cwd, `file://${root}`).pathname, stdio: ['ignore', 'pipe', 'pipe'], env });
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
  }
  return { name, child };
});

let exiting = false;
const stopAll = (signal) => {
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!exiting) {
      exiting = true;
      if (code !== 0 || signal) console.error(`[${name}] exited (${signal ?? code}); stopping the others`);
      stopAll('SIGTERM');
    }
    if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    exiting = true;
    stopAll(signal);
  });
}
