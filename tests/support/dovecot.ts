import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { dovecotBinary } from "./requires";
import { until } from "./until";

/**
 * A real IMAP server for the tests: Dovecot, started with a throwaway configuration in a temporary
 * folder, one mailbox user with a password, plain IMAP on a free loopback port, and stopped with
 * its folder removed. Messages are put into the mailbox over IMAP (APPEND), as a mail server's
 * delivery would leave them: unread.
 */
export interface TestMailbox {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Puts a message into the inbox, unread; answers its UID. */
  deliver(raw: string | Buffer): Promise<number>;
  /** The flags of the message with this UID ("\\Seen" when read). */
  flags(uid: number): Promise<string[]>;
  /** How many messages the inbox holds. */
  count(): Promise<number>;
  /** The settings a site reads this mailbox with, every second, without TLS (the server has none). */
  siteEnv(): Record<string, string>;
  /** The server's log, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startDovecot(): Promise<TestMailbox> {
  const binary = dovecotBinary();
  if (!binary) throw new Error("Dovecot is not installed (apt-get install dovecot-imapd)");
  const dir = mkdtempSync(path.join(tmpdir(), "dovecot-"));
  // Its auth process reads the password file as Dovecot's own user.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = "support";
  const password = "mailbox-test-password";
  const root = process.getuid?.() === 0;
  // Dovecot will not serve mail as root: as root the mail belongs to its own system user, which
  // Debian's package makes; otherwise everything runs as the user running the tests.
  const mailUser = root ? "dovecot" : userInfo().username;
  const ids = spawnSync("id", ["-u", mailUser], { encoding: "utf8" });
  const gids = spawnSync("id", ["-g", mailUser], { encoding: "utf8" });
  const uid = Number(ids.stdout.trim());
  const gid = Number(gids.stdout.trim());
  const home = path.join(dir, "home");
  mkdirSync(home);
  mkdirSync(path.join(dir, "run"));
  mkdirSync(path.join(dir, "state"));
  if (root) chownSync(home, uid, gid);
  writeFileSync(path.join(dir, "passwd"), `${user}:{PLAIN}${password}\n`);
  writeFileSync(
    path.join(dir, "dovecot.conf"),
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/log`,
      "protocols = imap",
      "listen = 127.0.0.1",
      "ssl = no",
      "disable_plaintext_auth = no",
      "auth_mechanisms = plain login",
      `first_valid_uid = ${uid}`,
      `first_valid_gid = ${gid}`,
      ...(root ? [] : [`default_internal_user = ${mailUser}`, `default_login_user = ${mailUser}`]),
      `mail_location = maildir:${home}/%u/Maildir`,
      "service imap-login {",
      `  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }`,
      "  inet_listener imaps {\n    port = 0\n  }",
      ...(root ? [] : ["  chroot ="]),
      "}",
      ...(root ? [] : ["service anvil {\n  chroot =\n}"]),
      "passdb {",
      `  driver = passwd-file\n  args = scheme=PLAIN ${dir}/passwd`,
      "}",
      "userdb {",
      `  driver = static\n  args = uid=${uid} gid=${gid} home=${home}/%u`,
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(binary, ["-F", "-c", path.join(dir, "dovecot.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const log = () => {
    try {
      return `${output}${readFileSync(path.join(dir, "log"), "utf8")}`;
    } catch {
      return output;
    }
  };
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1");
        socket.once("data", () => {
          socket.destroy();
          resolve(true);
        });
        socket.once("error", () => resolve(false));
      }),
    10_000,
    "Dovecot answers",
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${log()}`);
  });

  const session = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    client.on("error", () => {});
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    deliver: (raw) =>
      session(async (client) => {
        const appended = await client.append("INBOX", raw, []);
        if (!appended || !appended.uid) throw new Error("the message was not appended");
        return appended.uid;
      }),
    flags: (uid) =>
      session(async (client) => {
        const lock = await client.getMailboxLock("INBOX");
        try {
          const message = await client.fetchOne(String(uid), { flags: true }, { uid: true });
          return message ? [...(message.flags ?? [])] : [];
        } finally {
          lock.release();
        }
      }),
    count: () =>
      session(async (client) => {
        const status = await client.status("INBOX", { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    siteEnv: () => ({
      IMAP_HOST: "127.0.0.1",
      IMAP_PORT: String(port),
      IMAP_SECURE: "none",
      IMAP_USER: user,
      IMAP_PASSWORD: password,
      IMAP_POLL_SECONDS: "1",
    }),
    log,
    stop: async () => {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
