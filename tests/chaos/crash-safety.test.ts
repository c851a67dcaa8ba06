import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { startServerProcess } from "../integration/server-process";

/**
 * Reviews, contact messages and order requests sent by several clients at once while the server
 * is killed with SIGKILL at a random moment, then started again, cycle after cycle. Every
 * submission that was answered with success must be in the database afterwards (a contact message
 * or an order request with its delivery queued; one with its honeypot filled in the spam store),
 * and visible to staff where they work (moderation, the inbox, Orders): only a filled honeypot may
 * keep one in the spam store. SQLite's integrity check must pass. The bodies vary as the outside
 * world's do: the payloads of docs/requirements.md §5 without a start time, forms with one (some sent at once, as
 * autofill does), some naming two web addresses, and bots filling the honeypot; the server runs
 * with its real fill-time default. Counts go to reports/crash-safety.<dialect>.json.
 */

const root = path.resolve(import.meta.dirname, "../..");
const cycles = Number(process.env.CHAOS_CYCLES ?? 12);
const clients = 6;

/** The order request of docs/requirements.md §5.6 but for the address, the honeypot and the start time. */
const orderBody = (email: string, honeypot: string, startedAt: Record<string, number>) => ({
  firstName: "Crash",
  lastName: "Test",
  email,
  phone: "614-555-0100",
  country: "United States",
  state: "Ohio",
  zipCode: "43215",
  wheelchairType: "manual",
  seatWidth: 18,
  seatDepth: 16,
  currentCushion: null,
  dailySittingHours: "4-8",
  discomfortAreas: ["tailbone"],
  sensitivityLevel: "medium",
  priorities: ["pressure-relief"],
  padSize: "not-sure",
  coverType: "standard",
  controllerPlacement: "left",
  medicalNotes: "Requested while the server may die.",
  privacyConsent: true,
  medicalDisclaimer: true,
  honeypot,
  ...startedAt,
});

describe.each(testDialects)("crash safety on %s", (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it(`keeps every acknowledged submission through ${cycles} SIGKILLs`, async () => {
    const acknowledged = {
      reviews: [] as string[],
      messages: [] as string[],
      orders: [] as string[],
      spam: [] as string[],
    };
    const variants = { withoutStartTime: 0, withStartTime: 0, honeypot: 0 };
    let sent = 0;
    let unanswered = 0;
    let refused = 0;

    for (let cycle = 0; cycle < cycles; cycle++) {
      const server = await startServerProcess({
        DATABASE_URL: database.url,
        FORM_RATE_LIMIT: "100000000",
        LOG_LEVEL: "info",
      });
      const origin = new URL(server.url).origin;
      let alive = true;
      let k = 0;
      const client = async (c: number) => {
        while (alive) {
          const email = `crash.${cycle}.${c}.${k++}@example.com`;
          // Each client takes the three kinds in turn, starting at a different one.
          const kind = (["review", "message", "order"] as const)[(k + c) % 3] ?? "review";
          // Payloads of docs/requirements.md §5 (no start time), form posts with a start time (now: sent at once, as
          // autofill does; or a minute ago), and every seventh a bot that fills the honeypot.
          const bot = k % 7 === 0;
          const startedAt = k % 3 === 0 ? undefined : Date.now() - (k % 3 === 1 ? 0 : 60_000);
          // The order payload names its start time formStartTime, the site's forms startedAt.
          const extra: Record<string, number> =
            startedAt === undefined ? {} : kind === "order" ? { formStartTime: startedAt } : { startedAt };
          const honeypot = bot ? "http://bot.example" : "";
          // A person pointing at two pages (their chair, their clinic): a mark, never a hold.
          const links = k % 5 === 1 ? " See https://www.example.com/chair and https://clinic.example/seating." : "";
          const body =
            kind === "review"
              ? {
                  name: "Crash Test",
                  email,
                  rating: 7,
                  quote: `Written while the server may die.${links}`,
                  context: "",
                  tags: ["comfort"],
                  honeypot,
                  ...extra,
                }
              : kind === "message"
                ? {
                    name: "Crash Test",
                    email,
                    phone: "",
                    topic: "support",
                    message: `Sent while the server may die.${links}`,
                    consent: true,
                    honeypot,
                    ...extra,
                  }
                : { ...orderBody(email, honeypot, extra), medicalNotes: `Requested while the server may die.${links}` };
          if (bot) variants.honeypot++;
          else if (startedAt !== undefined) variants.withStartTime++;
          else variants.withoutStartTime++;
          sent++;
          try {
            const route = { review: "/api/testimonials", message: "/api/contact", order: "/api/orders" }[kind];
            const response = await fetch(new URL(route, server.url), {
              method: "POST",
              headers: { "Content-Type": "application/json", Origin: origin },
              body: JSON.stringify(body),
            });
            await response.arrayBuffer();
            if (response.ok)
              (bot
                ? acknowledged.spam
                : { review: acknowledged.reviews, message: acknowledged.messages, order: acknowledged.orders }[kind]
              ).push(email);
            else refused++;
          } catch {
            // The server died with this request in flight: not acknowledged, stored or not.
            unanswered++;
          }
        }
      };
      const load = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200));
      server.child.kill("SIGKILL");
      await server.exited;
      alive = false;
      await load;
    }

    // Start once more on what the last kill left, as an operator would, and read through it.
    const last = await startServerProcess({ DATABASE_URL: database.url });
    expect((await fetch(new URL("/testimonials", last.url))).status).toBe(200);
    expect(await last.stop()).toBe(0);

    const db = database.db;
    const storedReviews = new Set(
      (await db.selectFrom("testimonials").select("email").where("email", "like", "crash.%").execute()).map(
        (r) => r.email,
      ),
    );
    const storedMessages = await db
      .selectFrom("contact_messages")
      .leftJoin("outbox", (join) =>
        join.onRef("outbox.ref_id", "=", "contact_messages.id").on("outbox.kind", "=", "message"),
      )
      .select(["contact_messages.email", "outbox.id as outboxId"])
      .where("contact_messages.email", "like", "crash.%")
      .execute();
    const messageEmails = new Set(storedMessages.map((m) => m.email));
    const storedOrders = await db
      .selectFrom("order_requests")
      .leftJoin("outbox", (join) =>
        join.onRef("outbox.ref_id", "=", "order_requests.id").on("outbox.kind", "=", "order"),
      )
      .select(["order_requests.email", "outbox.id as outboxId"])
      .where("order_requests.email", "like", "crash.%")
      .execute();
    const orderEmails = new Set(storedOrders.map((o) => o.email));
    const spamRows = (await db.selectFrom("spam").select(["payload", "reasons"]).execute())
      .map((r) => ({
        email: String((JSON.parse(r.payload) as { email?: unknown }).email),
        reasons: JSON.parse(r.reasons) as Array<{ code: string }>,
      }))
      .filter((r) => r.email.startsWith("crash."));
    const storedSpam = new Set(spamRows.map((r) => r.email));
    // What staff see: reviews in moderation, messages in the inbox, requests in Orders.
    const visibleToStaff = new Set([...storedReviews, ...messageEmails, ...orderEmails]);
    const acknowledgedPeople = [...acknowledged.reviews, ...acknowledged.messages, ...acknowledged.orders];
    const notVisible = acknowledgedPeople.filter((email) => !visibleToStaff.has(email));
    // Only certain evidence holds: every held row carried a filled honeypot.
    const heldWithoutHoneypot = spamRows
      .filter((r) => !r.reasons.some((reason) => reason.code === "honeypot"))
      .map((r) => r.email);
    const lostReviews = acknowledged.reviews.filter((email) => !storedReviews.has(email));
    const lostSpam = acknowledged.spam.filter((email) => !storedSpam.has(email));
    // A held bot's submission never reaches the reviews, the inbox, the orders or the outbox.
    const leakedSpam = acknowledged.spam.filter(
      (email) => storedReviews.has(email) || messageEmails.has(email) || orderEmails.has(email),
    );
    const lostMessages = acknowledged.messages.filter((email) => !messageEmails.has(email));
    const lostOrders = acknowledged.orders.filter((email) => !orderEmails.has(email));
    const withoutDelivery = storedMessages.filter((m) => !m.outboxId).map((m) => m.email);
    const ordersWithoutDelivery = storedOrders.filter((o) => !o.outboxId).map((o) => o.email);
    let integrity = "not applicable (PostgreSQL)";
    if (dialect === "sqlite") {
      const result = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      integrity = result.rows.map((r) => r.integrity_check).join("; ");
    }

    const report = {
      dialect,
      cycles,
      clients,
      sent,
      variants,
      acknowledged: {
        reviews: acknowledged.reviews.length,
        messages: acknowledged.messages.length,
        orders: acknowledged.orders.length,
        spam: acknowledged.spam.length,
      },
      stored: {
        reviews: storedReviews.size,
        messages: messageEmails.size,
        orders: orderEmails.size,
        spam: storedSpam.size,
      },
      lost: {
        reviews: lostReviews.length,
        messages: lostMessages.length,
        orders: lostOrders.length,
        spam: lostSpam.length,
      },
      leakedSpam: leakedSpam.length,
      acknowledgedAndVisibleToStaff: acknowledgedPeople.length - notVisible.length,
      acknowledgedNotVisibleToStaff: notVisible.length,
      heldWithoutHoneypot: heldWithoutHoneypot.length,
      messagesWithoutQueuedDelivery: withoutDelivery.length,
      ordersWithoutQueuedDelivery: ordersWithoutDelivery.length,
      unansweredWhenKilled: unanswered,
      refused,
      integrity,
    };
    mkdirSync(path.join(root, "reports"), { recursive: true });
    writeFileSync(path.join(root, `reports/crash-safety.${dialect}.json`), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`crash safety on ${dialect}: ${JSON.stringify(report)}`);

    expect(acknowledged.reviews.length + acknowledged.messages.length + acknowledged.orders.length).toBeGreaterThan(
      cycles * 10,
    );
    expect(acknowledged.orders.length).toBeGreaterThan(0);
    expect(refused).toBe(0);
    expect(lostReviews).toEqual([]);
    expect(lostMessages).toEqual([]);
    expect(lostOrders).toEqual([]);
    expect(lostSpam).toEqual([]);
    expect(leakedSpam).toEqual([]);
    expect(notVisible).toEqual([]);
    expect(heldWithoutHoneypot).toEqual([]);
    expect(variants.withoutStartTime).toBeGreaterThan(0);
    expect(acknowledged.spam.length).toBeGreaterThan(0);
    expect(withoutDelivery).toEqual([]);
    expect(ordersWithoutDelivery).toEqual([]);
    if (dialect === "sqlite") expect(integrity).toBe("ok");
  }, 600_000);
});
