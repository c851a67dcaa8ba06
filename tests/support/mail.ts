import { createServer, type Server } from "node:http";
import { SMTPServer } from "smtp-server";

/** What a real SMTP server accepted: the envelope's sender and recipients, and the message as sent. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port (or `listenPort`), recording every message it accepts. */
export async function startSmtp(
  listenPort = 0,
): Promise<{ port: number; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
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
