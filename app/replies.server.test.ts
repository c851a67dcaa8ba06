import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadKinds } from "~/lead-kinds.server";
import { testDialects } from "#db/test-databases";
import { completeOrderForm } from "../tests/support/orders";
import { mailHeader, startSmtp } from "../tests/support/mail";
import { deliveryKinds } from "~/deliveries.server";
import { createAccount } from "~/features/auth/account-creation.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { moveMessageToSpam } from "~/features/contact/inbox.server";
import { deleteLead } from "~/features/leads/leads.server";
import { storeContactMessage } from "~/features/contact/store.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { sendDigestIfDue } from "~/features/leads/digest.server";
import { waitingLeads } from "~/features/leads/queue.server";
import { computeFigures } from "~/features/leads/figures.server";
import { draftReply, recordCall, retryReply, saveTemplate, sendReply, threadOf } from "~/features/leads/replies.server";
import { parseConfig } from "~/lib/config.server";
import { findPersonalData } from "~/lib/personal-data.server";
import { personalDataSources } from "~/personal-data.server";
import { setLogLevel } from "~/lib/logger.server";
import { deliverDue, resetMailer } from "~/lib/outbox/delivery.server";
import { claimDueItem, markFailedAttempt, markSent } from "~/lib/outbox/queue.server";
import { useTestDatabase } from "~/lib/test-database";
import { testHashParams } from "../tests/support/hash-params";

setLogLevel("silent");

/** What the person wrote about their health: it must never reach a reply unless staff type it. */
const health = "pressure sore on my left hip since March";

const message = (name: string) =>
  ContactFormSchema.parse({
    name,
    email: `${name.toLowerCase()}@example.org`,
    phone: "555-0100",
    topic: "support",
    message: `My cushion leaks. I have a ${health}.`,
    consent: "on",
  });

const header = mailHeader;

describe.each(testDialects)("replies from the admin on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let config: ReturnType<typeof parseConfig>;
  let staff: { accountId: string; username: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    config = parseConfig({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: "hello@aquila.example",
      SITE_EMAIL: "support@aquila.example",
      STAFF_EMAIL: "team@aquila.example",
      SITE_URL: "https://aquila.example",
    });
    staff = {
      accountId: await createAccount(`replier-${dialect}`, "granite-willow-parcel-73", "leads", {
        hashParams: testHashParams,
      }),
      username: `replier-${dialect}`,
    };
  });
  afterAll(async () => {
    resetMailer();
    await smtp.close();
  });

  it("emails a reply through the outbox to the person, from the company, answered to support, with only what staff wrote", async () => {
    // Friday 20 November 2026, 4:30 p.m. Eastern: half an hour of business time left that day.
    const arrived = new Date("2026-11-20T21:30:00Z");
    const id = await storeContactMessage(message("Ines"), arrived, []);
    const draft = await draftReply({ kind: leadKinds.message, id });
    expect(draft?.to).toBe("ines@example.org");
    expect(draft?.body).toMatch(/^Hello Ines,/);
    expect(draft?.body).not.toContain("pressure sore");

    // Answered Monday 23 November, 10 a.m. Eastern: 30 minutes on Friday and 60 on Monday.
    const repliedAt = new Date("2026-11-23T15:00:00Z");
    const sent = await sendReply(
      staff,
      { kind: leadKinds.message, id },
      { subject: "Your cushion", body: "Hello Ines,\n\nA new valve is on its way.\n\nThe Aquila team" },
      repliedAt,
      config,
    );
    expect(sent).toMatchObject({ ok: true });
    const before = smtp.received.length;
    await deliverDue(deliveryKinds, config, () => repliedAt);
    const mail = smtp.received.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toEqual(["ines@example.org"]);
    expect(mail[0]!.from).toBe("hello@aquila.example");
    // Answers come back to the lead's own support address (tests/integration/answers.test.ts).
    expect(header(mail[0]!.raw, "Reply-To")).toMatch(/^support\+[a-z2-7]{10}@aquila\.example$/);
    expect(header(mail[0]!.raw, "Subject")).toBe("Your cushion");
    expect(mail[0]!.raw).toContain("A new valve is on its way.");
    expect(mail[0]!.raw).not.toContain("pressure");
    expect(mail[0]!.raw).not.toContain("555-0100");

    const row = await database()
      .db.selectFrom("contact_messages")
      .select(["first_reply_at", "first_reply_by", "reply_minutes"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      first_reply_at: repliedAt.toISOString(),
      first_reply_by: staff.accountId,
      reply_minutes: 90,
    });

    // A call later does not move the first reply; both are on the thread, the email delivered.
    await recordCall(
      staff,
      { kind: leadKinds.message, id },
      { outcome: "spoke", note: "Checked the valve fits." },
      new Date("2026-11-24T15:00:00Z"),
    );
    const again = await database()
      .db.selectFrom("contact_messages")
      .select(["first_reply_at", "reply_minutes"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ first_reply_at: repliedAt.toISOString(), reply_minutes: 90 });
    const thread = await threadOf({ kind: leadKinds.message, id });
    expect(thread.map((t) => [t.kind, t.title, t.by, t.delivery?.status ?? null])).toEqual([
      ["email", "Email to ines@example.org", staff.username, "sent"],
      ["call", "Spoke with them", staff.username, null],
    ]);
    const audit = await database()
      .db.selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", id)
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["replied", "call-recorded"]);

    // A data request for the person's address hands over the replies with the message.
    const found = await findPersonalData(personalDataSources, "Ines@example.org");
    const record = found.kinds.find((k) => k.kind === "messages")?.records.find((r) => r.id === id);
    expect(
      (record?.data.replies as Array<{ kind: string; subject: string | null }>).map((r) => [r.kind, r.subject]),
    ).toEqual([
      ["email", "Your cushion"],
      ["call", null],
    ]);

    // Answered, it is not spam: moving it there is refused and it stays with its thread.
    expect(await moveMessageToSpam(staff, id)).toBe(false);
    expect(await threadOf({ kind: leadKinds.message, id })).toHaveLength(2);

    // Answered, it has left today's work.
    const queue = await waitingLeads(leadKinds, new Date("2026-11-24T16:00:00Z"));
    expect([...queue.overdue, ...queue.today, ...queue.later].map((item) => item.id)).not.toContain(id);
  });

  it("answers an order request's contact (a caregiver's, when one filled it in) from the edited template", async () => {
    const { id, reference } = await storeOrder(
      OrderRequestSchema.parse({
        ...completeOrderForm,
        submittedBy: "other",
        submitterName: "Sam Diaz",
        submitterRelationship: "caregiver",
        email: "carer@example.org",
        medicalNotes: health,
      }),
      // Monday 23 November, 9 a.m. Eastern.
      { now: new Date("2026-11-23T14:00:00Z"), config: parseConfig({}) },
    );
    await saveTemplate(staff, {
      topic: "order-request",
      subject: "Order {reference}",
      body: "Dear {name}, about {reference}: when may we call?",
    });
    const draft = await draftReply({ kind: leadKinds.order, id });
    expect(draft?.subject).toBe(`Order ${reference}`);
    expect(draft?.body).toBe(`Dear Sam Diaz, about ${reference}: when may we call?`);
    expect(draft?.body).not.toContain("pressure");
    const before = smtp.received.length;
    const at = new Date("2026-11-23T16:00:00Z");
    expect(
      await sendReply(staff, { kind: leadKinds.order, id }, { subject: draft!.subject, body: draft!.body }, at, config),
    ).toMatchObject({
      ok: true,
    });
    await deliverDue(deliveryKinds, config, () => at);
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([["carer@example.org"]]);
    const row = await database()
      .db.selectFrom("order_requests")
      .select(["reply_minutes"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.reply_minutes).toBe(120);
  });

  it("keeps forty replies recorded at the same moment, with one first-reply stamp whose minutes match its time", async () => {
    const id = await storeContactMessage(message("Vic"), new Date("2026-11-23T14:00:00Z"), []);
    const at = (i: number) => new Date(Date.parse("2026-11-23T16:00:00Z") + i * 1_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        recordCall(staff, { kind: leadKinds.message, id }, { outcome: "spoke", note: `call ${i}` }, at(i)),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await threadOf({ kind: leadKinds.message, id })).toHaveLength(40);
    const lead = await database()
      .db.selectFrom("contact_messages")
      .select(["first_reply_at", "reply_minutes"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // One of the forty times, with the business minutes of that time (never one reply's time with another's minutes).
    const first = Date.parse(lead.first_reply_at ?? "");
    expect(first).toBeGreaterThanOrEqual(at(0).getTime());
    expect(first).toBeLessThanOrEqual(at(39).getTime());
    expect(lead.reply_minutes).toBe(Math.round((first - Date.parse("2026-11-23T14:00:00Z")) / 60_000));
    const stamps = await database().db.selectFrom("audit_log").select("action").where("target_id", "=", id).execute();
    expect(stamps).toHaveLength(40);
  });

  it("sends a reply again only when no instance is sending it and it was not delivered", async () => {
    const id = await storeContactMessage(message("Wes"), new Date("2026-11-23T15:00:00Z"), []);
    const lead = { kind: leadKinds.message, id };
    await sendReply(staff, lead, { subject: "Hi", body: "Hello" }, new Date(), config);
    const [reply] = await threadOf(lead);
    // Another instance has claimed it and is sending it now: a retry must not free it for a second send.
    const claimed = await claimDueItem(new Date());
    expect(claimed?.ref_id).toBe(reply!.id);
    expect(await retryReply(staff, lead, reply!.id)).toBe("busy");
    const row = await database()
      .db.selectFrom("outbox")
      .selectAll()
      .where("id", "=", claimed!.id)
      .executeTakeFirstOrThrow();
    expect(row.locked_until).toBe(claimed!.locked_until);
    // It failed: now it can go again.
    await markFailedAttempt(claimed!, "the mail server hung up", new Date());
    expect(await retryReply(staff, lead, reply!.id)).toBe("queued");
    // Delivered: nothing to send again.
    await markSent(claimed!.id);
    expect(await retryReply(staff, lead, reply!.id)).toBe("busy");
    expect(await retryReply(staff, { kind: leadKinds.order, id }, reply!.id)).toBe("missing");
  });

  it("refuses to email without a mail server and stores nothing; a call is still recorded", async () => {
    const id = await storeContactMessage(message("Jun"), new Date("2026-11-23T15:00:00Z"), []);
    const refused = await sendReply(
      staff,
      { kind: leadKinds.message, id },
      { subject: "Hi", body: "Hello" },
      new Date(),
      parseConfig({}),
    );
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(await threadOf({ kind: leadKinds.message, id })).toEqual([]);
    const lead = await database()
      .db.selectFrom("contact_messages")
      .select("first_reply_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(lead.first_reply_at).toBeNull();
    expect(
      await recordCall(staff, { kind: leadKinds.message, id }, { outcome: "left-message", note: "" }),
    ).toMatchObject({
      ok: true,
    });
    expect((await threadOf({ kind: leadKinds.message, id })).map((t) => t.title)).toEqual(["Called, left a message"]);
  });

  it("deletes a lead's replies with it, and the delivery of one not yet sent", async () => {
    const id = await storeContactMessage(message("Kai"), new Date("2026-11-23T15:00:00Z"), []);
    await sendReply(staff, { kind: leadKinds.message, id }, { subject: "Hi", body: "Hello" }, new Date(), config);
    const replyIds = (await threadOf({ kind: leadKinds.message, id })).map((t) => t.id);
    expect(replyIds).toHaveLength(1);
    await deleteLead(staff, leadKinds.message, id);
    expect(await database().db.selectFrom("lead_replies").select("id").where("id", "in", replyIds).execute()).toEqual(
      [],
    );
    expect(
      await database()
        .db.selectFrom("outbox")
        .select("id")
        .where("kind", "=", "reply")
        .where("ref_id", "in", replyIds)
        .execute(),
    ).toEqual([]);
  });

  it("makes one digest a business day, whatever the number of instances asking at once", async () => {
    const db = database().db;
    const leader = await createAccount(`digest-${dialect}`, "granite-willow-parcel-73", "leads", {
      hashParams: testHashParams,
    });
    await db.updateTable("accounts").set({ email: "digest-person@aquila.example" }).where("id", "=", leader).execute();
    // Thursday 26 Nov is Thanksgiving; Wednesday 25 Nov, 10 a.m. arrivals are due Friday at 10.
    const mine = await storeContactMessage(message("Lou"), new Date("2026-11-25T15:00:00Z"), []);
    await db.updateTable("contact_messages").set({ assigned_to: leader }).where("id", "=", mine).execute();
    const nobodys = await storeContactMessage(message("Mo"), new Date("2026-11-25T15:30:00Z"), []);

    // Thanksgiving, 10 a.m.: closed. Friday 27 Nov, 8:59 a.m.: not yet open.
    expect(await sendDigestIfDue(leadKinds, new Date("2026-11-26T15:00:00Z"), config)).toBe("closed");
    expect(await sendDigestIfDue(leadKinds, new Date("2026-11-27T13:59:00Z"), config)).toBe("closed");
    // Friday, 9:01 a.m.: ten turns at once (ten instances), then another later that day.
    const open = new Date("2026-11-27T14:01:00Z");
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => sendDigestIfDue(leadKinds, open, config)));
    expect(outcomes.filter((o) => o === "made")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already")).toHaveLength(9);
    expect(await sendDigestIfDue(leadKinds, new Date("2026-11-27T19:00:00Z"), config)).toBe("already");

    const digests = await db.selectFrom("digests").selectAll().where("day", "=", "2026-11-27").execute();
    const to = (address: string) => digests.find((d) => d.to_address === address);
    expect(digests.map((d) => d.to_address).sort()).toEqual(["digest-person@aquila.example", "team@aquila.example"]);
    expect(to("digest-person@aquila.example")!.body).toContain(`https://aquila.example/admin/messages/${mine}`);
    expect(to("digest-person@aquila.example")!.body).not.toContain(nobodys);
    expect(to("team@aquila.example")!.body).toContain(`https://aquila.example/admin/messages/${nobodys}`);
    for (const digest of digests) {
      expect(digest.body).not.toContain("pressure");
      expect(digest.body).not.toContain("Lou");
    }
    const before = smtp.received.length;
    await deliverDue(deliveryKinds, config, () => open);
    expect(
      smtp.received
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(["digest-person@aquila.example", "team@aquila.example"]);
    // The next business day (Monday) has a digest of its own.
    expect(await sendDigestIfDue(leadKinds, new Date("2026-11-30T14:30:00Z"), config)).toBe("made");
  });
});

describe.each(testDialects)("the response figures on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("counts answered and due leads of the last 90 days, by stored due time, with the median of business minutes", async () => {
    const db = database().db;
    const now = new Date("2026-11-27T20:00:00Z");
    const base = {
      name: "N",
      email: "n@example.org",
      phone: null,
      topic: "general",
      message: "m".repeat(20),
      consent: 1,
      consent_at: "",
      status: "new",
      handled_at: null,
      spam_signals: null,
      assigned_to: null,
      first_reply_by: null,
    } as const;
    const rows = [
      // Answered within: 30, 60, 240 minutes.
      { received: "2026-11-02T15:00:00Z", due: "2026-11-03T15:00:00Z", replied: "2026-11-02T15:30:00Z", minutes: 30 },
      { received: "2026-11-03T15:00:00Z", due: "2026-11-04T15:00:00Z", replied: "2026-11-03T16:00:00Z", minutes: 60 },
      { received: "2026-11-04T15:00:00Z", due: "2026-11-05T15:00:00Z", replied: "2026-11-04T19:00:00Z", minutes: 240 },
      // Answered late: 600 minutes.
      { received: "2026-11-05T15:00:00Z", due: "2026-11-06T15:00:00Z", replied: "2026-11-06T17:00:00Z", minutes: 600 },
      // Due and not answered: counted, not within.
      { received: "2026-11-09T15:00:00Z", due: "2026-11-10T15:00:00Z", replied: null, minutes: null },
      // Not yet due and not answered: not counted.
      { received: "2026-11-27T19:00:00Z", due: "2026-11-30T19:00:00Z", replied: null, minutes: null },
      // Outside the 90 days: not counted.
      { received: "2026-08-01T15:00:00Z", due: "2026-08-03T15:00:00Z", replied: "2026-08-01T16:00:00Z", minutes: 60 },
    ];
    for (const [i, r] of rows.entries())
      await db
        .insertInto("contact_messages")
        .values({
          ...base,
          id: crypto.randomUUID(),
          received_at: r.received,
          consent_at: r.received,
          reply_due_at: r.due,
          reply_late_at: r.due,
          first_reply_at: r.replied,
          reply_minutes: r.minutes,
          name: `N${i}`,
        })
        .execute();
    expect(await computeFigures(leadKinds.message, now)).toEqual({ leads: 5, within: 3, medianMinutes: 150 });
  });
});
