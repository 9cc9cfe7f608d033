import net from 'node:net';

/**
 * A TCP proxy in front of a server, which a test can cut (every connection dropped, new ones
 * refused) and restore on the same port: a database outage without touching the database.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closing = new Promise<void>((resolve) =>
        server ? server.close(() => resolve()) : resolve(),
      );
      // close() waits for open connections, so drop them first.
      for (const s of sockets) s.destroy();
      await closing;
      server = null;
    },
    restore: listen,
    close() {
      server?.close();
      for (const s of sockets) s.destroy();
    },
  };
}
