import net from "node:net";
import { createTestDatabase } from "#db/test-databases";

/**
 * A TCP relay to `target` on a loopback port of its own: what a server reaches its database
 * through when a test needs to take the database away.
 *
 * - `cut`: every connection ends and new ones are refused; `restore`: the same port listens again.
 * - `freeze`: the network goes silent without closing anything, as a frozen host or a firewall
 *   that drops packets does: nothing more passes on the open connections, and a new connection is
 *   taken but never answered. `thaw` lets new connections through again; those that were frozen
 *   stay silent (their peer has long given up on them), as after a failover.
 */
export async function startTcpRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let port = 0;
  let server: net.Server | undefined;
  let frozen = false;
  /** Connections whose traffic no longer passes. */
  const silent = new Set<net.Socket>();

  const silence = (socket: net.Socket) => {
    silent.add(socket);
    socket.unpipe();
    socket.pause();
  };

  const listen = async () => {
    const next = net.createServer((client) => {
      sockets.add(client);
      client.once("close", () => sockets.delete(client));
      client.on("error", () => client.destroy());
      if (frozen) {
        silence(client);
        return;
      }
      const upstream = net.connect(target.port, target.host);
      sockets.add(upstream);
      upstream.once("close", () => sockets.delete(upstream));
      for (const socket of [client, upstream]) {
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
        // A connection that ends while frozen says nothing to its peer: the silence holds.
        socket.on("close", () => {
          const other = socket === client ? upstream : client;
          if (!silent.has(other)) other.destroy();
        });
      }
      client.pipe(upstream, { end: false }).pipe(client, { end: false });
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
      silent.clear();
      await closed;
    },
    restore: listen,
    freeze() {
      frozen = true;
      for (const socket of sockets) silence(socket);
    },
    thaw() {
      frozen = false;
    },
    async close() {
      await this.cut();
    },
  };
}

/**
 * A fresh PostgreSQL test database reached through a relay of its own: `url` is what a server is
 * given, through the relay; `database` is reached directly (to read what was stored, and to drop).
 */
export async function postgresBehindRelay() {
  const database = await createTestDatabase("postgres");
  await database.close();
  const direct = new URL(database.url);
  const relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
  const url = new URL(database.url);
  url.port = String(relay.port);
  return { database, relay, url: url.toString() };
}
