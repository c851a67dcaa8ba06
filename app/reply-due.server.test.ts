import { describe, expect, it } from "vitest";
import { testDialects } from "../db/test-databases";
import { completeOrderForm } from "../tests/support/orders";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { dateUndatedLeads } from "~/lib/reply-promises.server";

setLogLevel("silent");

const message = ContactFormSchema.parse({
  name: "Iris Bell",
  email: "iris@example.org",
  topic: "support",
  message: "When can someone call me about the cushion?",
  consent: "on",
});
const order = OrderRequestSchema.parse(completeOrderForm);

describe.each(testDialects)("reply due times stored with each lead on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  const row = (table: "contact_messages" | "order_requests", id: string) =>
    database()
      .db.selectFrom(table)
      .select(["reply_due_at", "reply_late_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("dates a message and an order request when they are stored, from the moment they arrived", async () => {
    // Friday 20 November 2026, 4:30 p.m. Eastern: a message is due Monday 4:30 p.m., late Tuesday.
    const friday = new Date("2026-11-20T21:30:00Z");
    const messageId = await storeContactMessage(message, friday, []);
    expect(await row("contact_messages", messageId)).toEqual({
      reply_due_at: "2026-11-23T21:30:00.000Z",
      reply_late_at: "2026-11-24T21:30:00.000Z",
    });
    // Thanksgiving, 10 a.m.: the consultation call is due Monday 9 a.m., and late then too.
    const { id: orderId } = await storeOrder(order, {
      now: new Date("2026-11-26T15:00:00Z"),
      config: parseConfig({}),
    });
    expect(await row("order_requests", orderId)).toEqual({
      reply_due_at: "2026-11-30T14:00:00.000Z",
      reply_late_at: "2026-11-30T14:00:00.000Z",
    });
  });

  it("dates leads stored before due times existed, once, from when they arrived", async () => {
    const id = await storeContactMessage(message, new Date("2026-11-20T21:30:00Z"), []);
    await database()
      .db.updateTable("contact_messages")
      .set({ reply_due_at: null, reply_late_at: null })
      .where("id", "=", id)
      .execute();
    expect(await dateUndatedLeads()).toBe(1);
    expect(await row("contact_messages", id)).toEqual({
      reply_due_at: "2026-11-23T21:30:00.000Z",
      reply_late_at: "2026-11-24T21:30:00.000Z",
    });
    expect(await dateUndatedLeads()).toBe(0);
  });
});
