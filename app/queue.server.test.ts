import { describe, expect, it } from "vitest";
import { testDialects } from "../db/test-databases";
import { completeOrderForm } from "../tests/support/orders";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { countOverdue, waitingLeads } from "~/features/queue/queue.server";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";

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

    const queue = await waitingLeads(now);
    const names = (items: Array<{ title: string }>) => items.map((item) => item.title.split(" ")[0]);
    expect(names(queue.overdue)).toEqual(["Ada", "Bea"]);
    expect(queue.overdue.map((item) => item.due.state)).toEqual(["late", "overdue"]);
    expect(names(queue.today)).toEqual(["Cy"]);
    expect(names(queue.later)).toEqual(["Dee"]);
    expect(queue.more).toBe(false);
    expect(queue.overdue[1]).toMatchObject({ kind: "order", href: expect.stringMatching(/^\/admin\/orders\//) });
    expect(queue.today[0]?.title).toBe("Cy — Technical Support");
    expect(await countOverdue(now)).toBe(2);
  });
});
