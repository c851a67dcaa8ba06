import { describe, expect, it } from "vitest";
import { leadKinds } from "~/lead-kinds.server";
import { testDialects } from "#db/test-databases";
import { completeOrderForm } from "../tests/support/orders";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { createAccount } from "~/features/auth/account-creation.server";
import { assignLead } from "~/features/leads/assign.server";
import { countOverdue, parseQueueFilter, type QueueFilter, waitingLeads } from "~/features/leads/queue.server";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { testHashParams } from "../tests/support/hash-params";

setLogLevel("silent");

const message = (name: string) =>
  ContactFormSchema.parse({
    name,
    email: `${name.toLowerCase()}@example.org`,
    topic: "support",
    message: "Please call me about the cushion.",
    consent: "on",
  });
const order = (firstName: string) => OrderRequestSchema.parse({ ...completeOrderForm, firstName });

describe.each(testDialects)("today's work on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("lists waiting leads overdue first, then due today, then the rest, each by due time; handled ones leave", async () => {
    const config = parseConfig({});
    // Now: Tuesday 24 November 2026, 11 a.m. Eastern.
    const now = new Date("2026-11-24T16:00:00Z");
    // Arrived Thursday 19 Nov, 10 a.m.: due Friday 10 a.m., late Monday: late.
    await storeContactMessage(message("Ada"), new Date("2026-11-19T15:00:00Z"), []);
    // Arrived Monday 23 Nov, 9:30 a.m.: due Tuesday 9:30 a.m.: overdue.
    await storeOrder(order("Bea"), { now: new Date("2026-11-23T14:30:00Z"), config });
    // Arrived Monday 23 Nov, 3 p.m.: due Tuesday 3 p.m.: due today.
    await storeContactMessage(message("Cy"), new Date("2026-11-23T20:00:00Z"), []);
    // Arrived Tuesday 24 Nov, 10 a.m.: due Wednesday 10 a.m.: coming up.
    await storeOrder(order("Dee"), { now: new Date("2026-11-24T15:00:00Z"), config });
    // Handled: not waiting any more.
    const handled = await storeContactMessage(message("Eli"), new Date("2026-11-18T15:00:00Z"), []);
    await database().db.updateTable("contact_messages").set({ status: "handled" }).where("id", "=", handled).execute();

    const queue = await waitingLeads(leadKinds, now);
    const names = (items: Array<{ title: string }>) => items.map((item) => item.title.split(" ")[0]);
    expect(names(queue.overdue)).toEqual(["Ada", "Bea"]);
    expect(queue.overdue.map((item) => item.due.state)).toEqual(["late", "overdue"]);
    expect(names(queue.today)).toEqual(["Cy"]);
    expect(names(queue.later)).toEqual(["Dee"]);
    expect(queue.more).toBe(false);
    expect(queue.waiting).toBe(4);
    expect(queue.waitingOverdue).toBe(2);
    expect(queue.overdue[1]).toMatchObject({ kind: "order", href: expect.stringMatching(/^\/admin\/orders\//) });
    expect(queue.today[0]).toMatchObject({
      title: "Cy — Technical Support",
      arrivedText: "Mon, Nov 23, 3:00 PM EST",
      due: { state: "today", dueText: "Tue, Nov 24, 3:00 PM EST" },
    });
    expect(await countOverdue(leadKinds, now)).toBe(2);
  });

  it("gives a lead to someone who works on leads, lists it under their name, and audits each change once", async () => {
    const owner = await createAccount(`boss-${dialect}`, "granite-willow-parcel-73", "owner", {
      hashParams: testHashParams,
    });
    const leads = await createAccount(`seller-${dialect}`, "granite-willow-parcel-73", "leads", {
      hashParams: testHashParams,
    });
    const moderator = await createAccount(`reader-${dialect}`, "granite-willow-parcel-73", "moderator", {
      hashParams: testHashParams,
    });
    const by = { accountId: owner, username: `boss-${dialect}` };
    const now = new Date("2026-11-24T16:00:00Z");
    const mine = await storeContactMessage(message("Fay"), new Date("2026-11-23T20:00:00Z"), []);
    await storeContactMessage(message("Gus"), new Date("2026-11-23T20:01:00Z"), []);

    expect(await assignLead(by, leadKinds.message, mine, moderator)).toMatchObject({ ok: false, status: 400 });
    expect(await assignLead(by, leadKinds.message, crypto.randomUUID(), leads)).toMatchObject({ status: 404 });
    expect(await assignLead(by, leadKinds.message, mine, leads)).toEqual({
      ok: true,
      message: `seller-${dialect} handles it now.`,
    });
    expect(await assignLead(by, leadKinds.message, mine, leads)).toMatchObject({ ok: true });

    const titles = async (filter: QueueFilter) =>
      (await waitingLeads(leadKinds, now, filter)).today
        .map((item) => `${item.title.split(" ")[0]}:${item.assignee ?? "-"}`)
        // The first test's leads share this database.
        .filter((entry) => /^(Fay|Gus):/.test(entry));
    expect(await titles({ who: "anyone" })).toEqual([`Fay:seller-${dialect}`, "Gus:-"]);
    expect(await titles({ who: "account", accountId: leads })).toEqual([`Fay:seller-${dialect}`]);
    expect(await titles({ who: "nobody" })).toEqual(["Gus:-"]);
    expect(parseQueueFilter(new URLSearchParams("who=me"), leads)).toEqual({ who: "account", accountId: leads });
    expect(parseQueueFilter(new URLSearchParams("who=x'; drop"), leads)).toEqual({ who: "anyone" });

    expect(await assignLead(by, leadKinds.message, mine, "")).toEqual({ ok: true, message: "No one handles it now." });
    const audit = await database()
      .db.selectFrom("audit_log")
      .select(["username", "detail"])
      .where("action", "=", "assigned")
      .orderBy("at")
      .execute();
    expect(audit).toEqual([
      { username: `boss-${dialect}`, detail: `To seller-${dialect}.` },
      { username: `boss-${dialect}`, detail: "To no one." },
    ]);
  });
});
