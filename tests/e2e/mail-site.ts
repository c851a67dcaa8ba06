import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, type ServerProcess, startServerProcess } from "../integration/server-process";
import { startDovecot, type TestMailbox } from "../support/dovecot";
import { type ReceivedMail, startSmtp } from "../support/mail";

/**
 * A site of its own with a mail server, for the browser tests that send email from the admin: the shared
 * e2e servers have none (their leads are stored only). A real SMTP server on loopback takes what
 * the outbox sends, and the test reads it back there.
 */
export interface MailSite {
  origin: string;
  /** The site's SQLite file, for seeding and for reading rows back. */
  database: string;
  received: ReceivedMail[];
  /** The support mailbox the site reads answers from, when it was started with one. */
  mailbox?: TestMailbox;
  server: ServerProcess;
  close(): Promise<void>;
}

export async function startMailSite({ mailbox: withMailbox = false } = {}): Promise<MailSite> {
  const smtp = await startSmtp();
  // The support mailbox, read every second, for the tests of visitors' emailed answers.
  const mailbox = withMailbox ? await startDovecot() : undefined;
  const database = path.join(mkdtempSync(path.join(os.tmpdir(), "aquila-mail-site-")), "site.sqlite");
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = await startServerProcess({
    DATABASE_URL: database,
    PORT: String(port),
    SITE_URL: origin,
    ADMIN_PASSWORD: "mail-site-moderator-password",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: "hello@aquila.example",
    SITE_EMAIL: "support@aquila.example",
    STAFF_EMAIL: "team@aquila.example",
    FORM_RATE_LIMIT: "1000",
    ...mailbox?.siteEnv(),
  });
  return {
    origin,
    database,
    received: smtp.received,
    mailbox,
    server,
    async close() {
      await server.stop();
      await smtp.close();
      await mailbox?.stop();
    },
  };
}

/** The mail the server took for `to`, waiting up to `timeoutMs` for it: the outbox sends within moments. */
export async function mailTo(site: MailSite, to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = site.received.find((mail) => mail.to.includes(to));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
