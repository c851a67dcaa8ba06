import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * A client that sends slowly holds a socket until a timeout frees it: one that trickles its
 * headers is cut after 15 s, one that sends headers and then trickles the body after 30 s
 * (serverTimeouts in server/app.ts), not Node's default of 300 s.
 */
describe.concurrent("slow clients", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  /** Opens a connection, sends `head` at once, then one byte of `trickle` a second; resolves when the server closes it. */
  function trickle(head: string, slow: string): Promise<{ seconds: number; answer: string }> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = "";
      let sent = 0;
      const socket = net.connect(Number(port), hostname, () => socket.write(head));
      const timer = setInterval(() => {
        if (sent < slow.length && socket.writable) socket.write(slow[sent++] ?? "");
      }, 1_000);
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ seconds: (Date.now() - started) / 1000, answer });
      });
    });
  }

  it("cuts off a client that sends headers and then trickles the body, within 30 s", async () => {
    const body = "x".repeat(200);
    const head = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { seconds, answer } = await trickle(head, body);
    expect(seconds).toBeGreaterThan(25);
    expect(seconds).toBeLessThan(33);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 45_000);

  it.each([
    [
      "an API post whose body never comes",
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":`,
    ],
    [
      "a page's form post whose body never comes",
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\n`,
    ],
    [
      "a second request on a kept-alive connection whose body never comes",
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nPOST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`,
    ],
  ])(
    "cuts off %s, within 30 s",
    async (_label, head) => {
      const { seconds, answer } = await trickle(head, "");
      expect(seconds).toBeGreaterThan(25);
      expect(seconds).toBeLessThan(33);
      expect(answer).toMatch(/HTTP\/1\.1 408 Request Timeout\r\nConnection: close\r\n\r\n$/);
    },
    45_000,
  );

  it("cuts off a client that trickles its headers, within 15 s", async () => {
    const headers = "X-Slow: " + "y".repeat(100);
    const { seconds } = await trickle("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n", headers);
    expect(seconds).toBeGreaterThan(12);
    expect(seconds).toBeLessThan(18);
  }, 45_000);
});
