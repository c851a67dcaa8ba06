import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#db/client.server";
import { startSmtp } from "../support/mail";
import { requires } from "../support/requires";
import { seedMessage } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * The back office's clock as operators run it: real server processes on one database. The daily
 * digest is made once a business day however many instances start at the opening, and the
 * public figures on /contact are those of the stored replies.
 */

const dialects = [
  { dialect: "sqlite", enabled: true },
  { dialect: "postgres", enabled: Boolean(process.env.TEST_DATABASE_URL) },
] as const;

async function freshDatabase(dialect: "sqlite" | "postgres", name: string): Promise<string> {
  if (dialect === "sqlite") return path.join(mkdtempSync(path.join(os.tmpdir(), `aquila-${name}-`)), "site.sqlite");
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const database = `aquila_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Starts a server once, without mail, so the schema exists before the test writes to it. */
async function migrated(databaseUrl: string) {
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, ADMIN_PASSWORD: "office-clock-password" });
  await server.stop();
}

describe.each(dialects.filter((d) => d.enabled).map((d) => d.dialect))("the office clock on %s", (dialect) => {
  let databaseUrl = "";
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    databaseUrl = await freshDatabase(dialect, "clock");
    await migrated(databaseUrl);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it.runIf(requires(`the office clock on ${dialect}`, "faketime"))(
    "makes one digest when two instances start together at Monday's opening",
    async () => {
      // Wednesday 25 November, 10 a.m. Eastern: due Friday at 10 (Thursday is Thanksgiving), overdue on Monday.
      const lead = await seedMessage(databaseUrl, {
        name: "Rae Digest",
        email: "rae@example.org",
        receivedAt: "2026-11-25T15:00:00Z",
      });
      const smtp = await startSmtp();
      try {
        const env = {
          DATABASE_URL: databaseUrl,
          ADMIN_PASSWORD: "office-clock-password",
          SMTP_HOST: "127.0.0.1",
          SMTP_PORT: String(smtp.port),
          STAFF_EMAIL: "team@aquila.example",
          SITE_URL: "https://aquila.example",
        };
        // Monday 30 November 2026, 9:00:20 a.m. Eastern, on both instances' clocks.
        const wrap = ["faketime", "-f", "@2026-11-30 14:00:20"];
        servers.push(...(await Promise.all([startServerProcess(env, { wrap }), startServerProcess(env, { wrap })])));
        await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
        // Both have had their first turn; give any second email time to arrive.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        expect(smtp.received.map((mail) => mail.to)).toEqual([["team@aquila.example"]]);
        expect(smtp.received[0]!.raw).toContain(`https://aquila.example/admin/messages/${lead}`);
        expect(smtp.received[0]!.raw).not.toContain("Rae");
        const made = servers.map((s) =>
          s
            .output()
            .split("\n")
            .filter((line) => line.includes('"daily digest made"')),
        );
        expect(made.flat()).toHaveLength(1);
        const handle = createDatabase(databaseUrl);
        try {
          expect(await handle.db.selectFrom("digest_days").select("day").execute()).toEqual([{ day: "2026-11-30" }]);
        } finally {
          await handle.close();
        }
      } finally {
        await Promise.all(servers.splice(0).map((server) => server.stop()));
        await smtp.close();
      }
    },
    60_000,
  );
});

describe.each(dialects.filter((d) => d.enabled).map((d) => d.dialect))(
  "the public response figures on %s",
  (dialect) => {
    let databaseUrl = "";
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      databaseUrl = await freshDatabase(dialect, "figures");
      await migrated(databaseUrl);
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
    });

    it("shows on /contact the median and share of 25 answered messages, as computed here from the rows", async () => {
      const day = 86_400_000;
      // 25 messages over the last two months, each answered 10, 20, … 250 business minutes after it
      // arrived; the last three after their due time.
      const seeded: Array<{ minutes: number; late: boolean }> = [];
      const handle = createDatabase(databaseUrl);
      try {
        for (let i = 1; i <= 25; i++) {
          const received = new Date(Date.now() - (10 + 2 * i) * day);
          const id = await seedMessage(databaseUrl, {
            name: `Figure ${i}`,
            email: `f${i}@example.org`,
            receivedAt: received,
          });
          const late = i > 22;
          const row = await handle.db
            .selectFrom("contact_messages")
            .select("reply_due_at")
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
          const due = Date.parse(row.reply_due_at!);
          await handle.db
            .updateTable("contact_messages")
            .set({
              first_reply_at: new Date(late ? due + 60_000 : due - 60_000).toISOString(),
              reply_minutes: 10 * i,
            })
            .where("id", "=", id)
            .execute();
          seeded.push({ minutes: 10 * i, late });
        }
      } finally {
        await handle.close();
      }
      // Computed here, not by the app: the middle of 25 sorted values, and the share on time.
      const sorted = seeded.map((s) => s.minutes).sort((a, b) => a - b);
      const medianHours = Math.round((sorted[12]! / 60) * 10) / 10;
      // Rounded down, as the page promises never to overstate.
      const share = Math.floor((seeded.filter((s) => !s.late).length / seeded.length) * 100);

      server = await startServerProcess({ DATABASE_URL: databaseUrl, ADMIN_PASSWORD: "office-clock-password" });
      const text = async (path: string) =>
        (await (await fetch(new URL(path, server!.url))).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
      await expect
        .poll(() => text("/contact"), { timeout: 10_000 })
        .toContain(`${share}% of 25 messages answered within 1 business day.`);
      expect(await text("/contact")).toContain(`Median time to our first reply: ${medianHours} business hours.`);
      // No order request yet: the order page says the figure will appear, and shows no number.
      const order = await text("/order");
      expect(order).toContain("How quickly we answer order requests will be shown here");
      expect(order).not.toMatch(/\d+% of \d+ order requests/);
    }, 60_000);
  },
);
