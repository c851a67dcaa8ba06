import { randomUUID } from "node:crypto";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { completeOrderForm } from "../tests/support/orders";
import { staffContext } from "~/features/auth/access.server";
import { type StaffSession } from "~/features/auth/sessions.server";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import AdminQueue, { loader } from "~/routes/admin.queue";
import type { Route } from "./routes/+types/admin.queue";
import { queueLimit } from "~/features/leads/queue.server";

setLogLevel("silent");

const minute = 60_000;

/** Copies of one stored row, each with its own id and due time, written in a few large inserts. */
function copies<T extends { id: string }>(row: T, count: number, change: (i: number) => Partial<T>): T[] {
  return Array.from({ length: count }, (_, i) => ({ ...row, id: randomUUID(), ...change(i) }));
}

describe.each(testDialects)("today's work with more leads waiting than it lists, on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("says how many wait, counted in the database, and that it shows the soonest due", async () => {
    const now = Date.now();
    const db = database().db;
    const messageId = await storeContactMessage(
      ContactFormSchema.parse({
        name: "Kai Moreno",
        email: "kai@example.org",
        topic: "support",
        message: "Please call me.",
        consent: "on",
      }),
      new Date(now - 5 * 24 * 60 * minute),
      [],
    );
    await storeOrder(OrderRequestSchema.parse({ ...completeOrderForm, firstName: "Lee" }), {
      now: new Date(now - 5 * 24 * 60 * minute),
      config: parseConfig({}),
    });
    const message = await db
      .selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", messageId)
      .executeTakeFirstOrThrow();
    const order = await db.selectFrom("order_requests").selectAll().executeTakeFirstOrThrow();
    const due = (ms: number) => ({
      reply_due_at: new Date(ms).toISOString(),
      reply_late_at: new Date(ms).toISOString(),
    });
    // 1,113 waiting in all, as the list of one busy week held: 705 overdue, the rest due in three days.
    const messages = [
      ...copies(message, 699, (i) => due(now - (i + 10) * minute)),
      ...copies(message, 400, (i) => due(now + 3 * 24 * 60 * minute + i * minute)),
    ];
    for (let i = 0; i < messages.length; i += 100)
      await db
        .insertInto("contact_messages")
        .values(messages.slice(i, i + 100))
        .execute();
    await db
      .updateTable("contact_messages")
      .set(due(now - 5 * minute))
      .where("id", "=", messageId)
      .execute();
    await db
      .insertInto("order_requests")
      .values(
        copies(order, 12, (i) => ({
          reference: `AQ-TEST-${String(i).padStart(4, "0")}`,
          ...due(i < 5 ? now - (i + 1) * minute : now + 4 * 24 * 60 * minute),
        })),
      )
      .execute();
    await db
      .updateTable("order_requests")
      .set(due(now + 4 * 24 * 60 * minute))
      .where("id", "=", order.id)
      .execute();
    // Replied to: not waiting, and not counted.
    await db
      .insertInto("contact_messages")
      .values(copies(message, 30, () => ({ ...due(now - minute), first_reply_at: new Date(now).toISOString() })))
      .execute();

    const context = new RouterContextProvider();
    context.set(staffContext, { accountId: randomUUID(), username: "owner", role: "owner" } as StaffSession);
    const data = await loader({
      request: new Request("http://localhost/admin/queue"),
      context,
      params: {},
    } as unknown as Route.LoaderArgs);
    expect(data.waiting).toBe(1_113);
    expect(data.waitingOverdue).toBe(705);
    expect(data.more).toBe(true);
    expect(data.overdue).toHaveLength(queueLimit);
    expect(data.today.length + data.later.length).toBe(0);

    const Stub = createRoutesStub([{ id: "queue", path: "/admin/queue", Component: AdminQueue }]);
    const html = renderToString(
      <Stub initialEntries={["/admin/queue"]} hydrationData={{ loaderData: { queue: data } }} />,
    ).replace(/<!-- -->/g, "");
    expect(html).toContain("1,113 leads are waiting for a reply (705 overdue), the soonest due first.");
    expect(html).toContain("Showing the 200 due soonest; the Messages and Orders lists have them all.");
    expect(html).toMatch(/Overdue <span[^>]*>\(200 of 705 shown\)/);
    expect(html).toMatch(/Coming up <span[^>]*>\(0 shown\)/);
    expect(html).toContain("None of the 200 shown; the Messages and Orders lists have the rest.");
    expect(html).not.toContain("200 leads are waiting");
  });
});
