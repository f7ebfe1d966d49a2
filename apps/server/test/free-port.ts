import { createServer } from 'node:net';

/** A TCP port nothing listens on right now (the OS picks it), for a server a test or bench starts. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
