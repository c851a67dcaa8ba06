import net from "node:net";

/**
 * A TCP relay to `target` on a loopback port of its own: what a server reaches its database
 * through when a test needs to take the database away (`cut`: every connection ends and new ones
 * are refused) and bring it back (`restore`: the same port listens again).
 */
export async function startTcpRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let port = 0;
  let server: net.Server | undefined;

  const listen = async () => {
    const next = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  };
  await listen();

  return {
    port,
    async cut() {
      const closing = server;
      server = undefined;
      const closed = new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    async close() {
      await this.cut();
    },
  };
}
