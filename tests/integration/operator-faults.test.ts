import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { deliveryKinds } from "~/deliveries.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { db } from "~/lib/db.server";
import { setLogLevel } from "~/lib/logger.server";
import { deliverDue, outboxMessageId, resetMailer } from "~/lib/outbox/delivery.server";
import { useTestDatabase } from "~/lib/test-database";
import { messageIdOf, smtpConfig, startQuickSmtp, startSmtp } from "../support/mail";
import { requires } from "../support/requires";
import { postgresBehindRelay } from "../support/tcp-relay";
import { until } from "../support/until";
import { startServerProcess } from "./server-process";

setLogLevel("silent");

/**
 * The faults an operator meets, each as the operator meets it: a real SMTP server that is slow or
 * loses the connection, a real server process stopped with SIGTERM.
 */

const message = ContactFormSchema.parse({
  name: "Ines Marlow",
  email: "ines@example.com",
  topic: "general",
  message: "Which cover fits an 18 inch seat?",
  consent: "on",
});

describe("staff deliveries through faults", () => {
  const database = useTestDatabase("sqlite");
  afterEach(async () => {
    resetMailer();
    await db().deleteFrom("outbox").execute();
    await db().deleteFrom("contact_messages").execute();
  });

  it("a mail server that takes a message and loses the connection gets the same Message-ID on the second send", async () => {
    const smtp = await startSmtp(0, { dropAfterAccepting: 1 });
    try {
      const config = smtpConfig(smtp.port);
      const start = new Date();
      await storeContactMessage(message, start, ["email"]);
      expect(await deliverDue(deliveryKinds, config, () => start)).toBe(1);
      const [row] = await db().selectFrom("outbox").selectAll().execute();
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row?.last_error).toBeTruthy();
      // Past the first back-off (30 s): tried again, and this time the server answers.
      expect(await deliverDue(deliveryKinds, config, () => new Date(start.getTime() + 31_000))).toBe(1);
      expect(await db().selectFrom("outbox").select("status").executeTakeFirst()).toEqual({ status: "sent" });

      expect(smtp.received).toHaveLength(2);
      const ids = smtp.received.map((mail) => messageIdOf(mail.raw));
      expect(ids[0]).toBe(outboxMessageId(row!.id, config));
      expect(ids[1]).toBe(ids[0]);
      expect(ids[0]).toMatch(/^<outbox-[0-9a-f-]{36}@www\.aquila\.example>$/);
    } finally {
      await smtp.close();
    }
  });

  it("SIGTERM with 500 deliveries pending and a slow mail server exits within 7 s; the rest go after the next start", async () => {
    const backlog = 500;
    const at = new Date();
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < backlog; i++) await storeContactMessage(message, at, ["email"], trx);
      });

    const slow = await startSmtp(0, { delayMs: 200 });
    const env = {
      DATABASE_URL: database().url,
      SMTP_HOST: "127.0.0.1",
      STAFF_EMAIL: "staff@aquila.example",
      SITE_URL: "https://www.aquila.example",
      PAGE_CACHE: "off",
    };
    const first = await startServerProcess({ ...env, SMTP_PORT: String(slow.port) });
    let fast: Awaited<ReturnType<typeof startQuickSmtp>> | undefined;
    try {
      await until(async () => slow.received.length >= 3, 20_000, "the first emails arrive");
      const stopping = Date.now();
      const code = await first.stop("SIGTERM");
      const took = Date.now() - stopping;
      expect(code).toBe(0);
      // Promised within 10 s; 7 leaves a margin for a loaded machine.
      expect(took).toBeLessThanOrEqual(7_000);
      const sentBefore = slow.received.length;
      expect(sentBefore).toBeLessThan(backlog);

      fast = await startQuickSmtp();
      const second = await startServerProcess({ ...env, SMTP_PORT: String(fast.port) });
      try {
        const pending = () =>
          db()
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("status", "!=", "sent")
            .executeTakeFirstOrThrow();
        await until(async () => Number((await pending()).n) === 0, 60_000, "every delivery is marked sent");
      } finally {
        await second.stop();
      }
      const all = [...slow.received, ...fast.received];
      const ids = new Set(all.map((mail) => messageIdOf(mail.raw)));
      // Every delivery arrived, each once: nothing in flight at the stop was sent a second time.
      expect(ids.size).toBe(backlog);
      expect(all).toHaveLength(backlog);
    } finally {
      await first.stop("SIGKILL");
      await slow.close();
      await fast?.close();
    }
  }, 120_000);

  it("SIGTERM while a mail server has taken the connection and says nothing exits within 7 s; the email keeps its lease", async () => {
    const at = new Date();
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < 3; i++) await storeContactMessage(message, at, ["email"], trx);
      });
    // Accepts the connection and never sends its greeting, as a wedged mail server does.
    const connections = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      connections.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const server = await startServerProcess({
      DATABASE_URL: database().url,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String((silent.address() as net.AddressInfo).port),
      STAFF_EMAIL: "staff@aquila.example",
      SITE_URL: "https://www.aquila.example",
      PAGE_CACHE: "off",
    });
    try {
      await until(async () => connections.size > 0, 20_000, "the first email's connection is taken");
      const stopping = Date.now();
      const code = await server.stop("SIGTERM");
      const took = Date.now() - stopping;
      expect(code).toBe(0);
      expect(took).toBeLessThanOrEqual(7_000);
      expect(server.output()).toContain("a delivery was still in flight at shutdown");
      // The email in flight is neither sent nor failed: its lease runs on, and it is tried again then.
      const rows = await db().selectFrom("outbox").select(["status", "attempts", "locked_until"]).execute();
      expect(rows.map((row) => row.status)).toEqual(["pending", "pending", "pending"]);
      const leased = rows.filter((row) => row.locked_until && row.locked_until > new Date().toISOString());
      expect(leased).toHaveLength(1);
    } finally {
      await server.stop("SIGKILL");
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);
});

/** Mounting a small file system takes root, as CI has. */
describe("a full disk", () => {
  it.runIf(requires("a full disk", "mount"))(
    "turns /readyz to 503 while nothing can be written, and back to 200 once space is freed",
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-full-"));
      const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=24m", "tmpfs", dir], { encoding: "utf8" });
      expect(mounted.stderr).toBe("");
      const server = await startServerProcess({ DATABASE_URL: path.join(dir, "site.sqlite"), PAGE_CACHE: "off" });
      const readiness = async () => {
        const response = await fetch(new URL("/readyz", server.url));
        return { status: response.status, body: (await response.json()) as { status: string } };
      };
      const filler = path.join(dir, "filler");
      try {
        expect(await readiness()).toEqual({ status: 200, body: { status: "ready" } });
        // Every free block taken, as by a log that grew until the disk was full.
        spawnSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=64k"], { stdio: "ignore" });
        await until(async () => (await readiness()).status === 503, 5_000, "/readyz turns 503");
        expect(await readiness()).toEqual({ status: 503, body: { status: "database cannot write" } });
        // The site still answers what it can read.
        expect((await fetch(new URL("/testimonials", server.url))).status).toBe(200);

        rmSync(filler);
        await until(async () => (await readiness()).status === 200, 5_000, "/readyz turns 200 again");
      } finally {
        await server.stop();
        spawnSync("umount", [dir]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

const outage = "a database outage on PostgreSQL";
describe.runIf(requires(outage, "postgres"))(outage, () => {
  it("serves kept pages from memory, answers 503 with Retry-After elsewhere (JSON for the API), and recovers", async () => {
    const { database, relay, url } = await postgresBehindRelay();
    const server = await startServerProcess({ DATABASE_URL: url });
    const get = (address: string) => fetch(new URL(address, server.url));
    try {
      const before = await get("/testimonials");
      expect(before.status).toBe(200);
      const kept = await before.text();
      expect((await get("/api/testimonials")).status).toBe(200);
      // Kept: the next request is answered from memory.
      await until(
        async () => (await get("/testimonials")).headers.get("content-security-policy")?.includes("sha256-") ?? false,
        5_000,
        "/testimonials is kept",
      );

      await relay.cut();
      await until(
        async () => server.output().includes("the database is away"),
        10_000,
        "the server sees the database go",
      );

      const page = await get("/testimonials");
      expect(page.status).toBe(200);
      // The kept copy: hashes for its scripts instead of a render's nonce, the same page.
      expect(page.headers.get("content-security-policy")).toContain("sha256-");
      const served = await page.text();
      for (const part of [/<title>[^<]*<\/title>/, /<h1[^>]*>[^<]*<\/h1>/])
        expect(served.match(part)?.[0]).toBe(kept.match(part)?.[0]);
      expect((await get("/api/testimonials")).status).toBe(200);

      // A page that was not kept (another filter) cannot be rendered: 503, and when to ask again.
      const other = await get("/testimonials?tag=comfort");
      expect(other.status).toBe(503);
      expect(other.headers.get("retry-after")).toBe("30");
      expect(await other.text()).toContain("We could not show this page just now");
      const api = await get("/api/testimonials?tag=comfort");
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("30");
      expect(api.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await api.json()).toEqual({ error: "The site cannot answer just now. Please try again in a moment." });
      expect((await get("/readyz")).status).toBe(503);

      await relay.restore();
      await until(async () => (await get("/readyz")).status === 200, 15_000, "/readyz is 200 again");
      await until(async () => (await get("/testimonials?tag=comfort")).status === 200, 5_000, "pages render again");
      // The API's reads wait for the probe (once a second) to see the database back.
      await until(async () => (await get("/api/testimonials?tag=comfort")).status === 200, 5_000, "the API answers");
      expect(server.output()).not.toContain('"level":"error"');
    } finally {
      await server.stop();
      await relay.close();
      await database.drop();
    }
  }, 90_000);
});
