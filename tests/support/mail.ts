import { createServer, type Server } from "node:http";
import net, { type Socket } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseConfig } from "~/lib/config.server";

/** A header's value in a raw message, unfolded; "" when the message has none. */
export function mailHeader(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1] ?? "";
}

/** What a real SMTP server accepted: the envelope's sender and recipients, and the message as sent. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpOptions {
  /** How long the server takes over each message before it answers. */
  delayMs?: number;
  /**
   * How many messages it takes in and records, then loses the connection instead of answering:
   * the sender cannot know the message arrived.
   */
  dropAfterAccepting?: number;
  /**
   * Refuses every message at the end of its data with this SMTP code ("451": try again later, as
   * a mail server short of space or greylisting answers), recording nothing.
   */
  refuseWith?: number;
}

/** A real SMTP server on a free loopback port (or `listenPort`), recording every message it accepts. */
export async function startSmtp(
  listenPort = 0,
  { delayMs = 0, dropAfterAccepting = 0, refuseWith }: SmtpOptions = {},
): Promise<{ port: number; received: ReceivedMail[]; refused: () => number; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const sockets = new Set<Socket>();
  let toDrop = dropAfterAccepting;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // Loopback has no name to look up; the lookup alone took about 150 ms per connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        if (refuseWith !== undefined) {
          refused++;
          callback(Object.assign(new Error("Requested action aborted: try again later"), { responseCode: refuseWith }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        if (toDrop > 0) {
          toDrop--;
          for (const socket of sockets) socket.destroy();
          return;
        }
        if (delayMs > 0) setTimeout(() => callback(), delayMs);
        else callback();
      });
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    received,
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A minimal SMTP server that answers at once, for tests that send hundreds of emails: the SMTP
 * server above waits 100 ms before its greeting (to catch clients that talk too soon), which is
 * a minute for a backlog of 500 one-connection sends. It records each message's raw text.
 */
export async function startQuickSmtp(): Promise<{
  port: number;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let buffer = "";
    let data: string[] | undefined;
    let from = "";
    let to: string[] = [];
    socket.write("220 quick ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf("\r\n")) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== ".") {
            data.push(line.startsWith("..") ? line.slice(1) : line);
            continue;
          }
          received.push({ from, to, raw: data.join("\r\n") });
          data = undefined;
          to = [];
          socket.write("250 OK\r\n");
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 quick\r\n");
        else if (verb === "MAIL") {
          from = line.match(/<([^>]*)>/)?.[1] ?? "";
          socket.write("250 OK\r\n");
        } else if (verb === "RCPT") {
          to.push(line.match(/<([^>]*)>/)?.[1] ?? "");
          socket.write("250 OK\r\n");
        } else if (verb === "DATA") {
          data = [];
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The configuration of a process that emails staff through the SMTP server on `port`. */
export function smtpConfig(port: number, env: Record<string, string> = {}) {
  return parseConfig({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(port),
    STAFF_EMAIL: "staff@aquila.example",
    SITE_URL: "https://www.aquila.example",
    ...env,
  });
}

/** A forward endpoint on a free loopback port, recording every JSON body posted to it. */
export async function startForward(): Promise<{
  url: string;
  bodies: Record<string, unknown>[];
  close: () => Promise<void>;
}> {
  const bodies: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      bodies.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/forward`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An email's headers (unfolded) and its text, decoded from whatever transfer encoding it was sent in. */
export function readMail(raw: string): { headers: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const encoding = headers
    .match(/^Content-Transfer-Encoding: (.+)$/im)?.[1]
    ?.trim()
    .toLowerCase();
  if (encoding === "base64") return { headers, text: Buffer.from(body, "base64").toString("utf8") };
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return { headers, text: decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25")) };
  }
  return { headers, text: body };
}

/** The Message-ID header of a message as sent. */
export function messageIdOf(raw: string): string | undefined {
  return readMail(raw)
    .headers.match(/^Message-ID: (.+)$/im)?.[1]
    ?.trim();
}
