import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { ticketLifetimeMs } from "./form-ticket";
import { formTickets, submitTicketed } from "./form-ticket.server";
import type { FillStart } from "./forms";
import { purgeIdempotencyKeys } from "./idempotency.server";
import { setLogLevel } from "./logger.server";
import { useTestDatabase } from "./test-database";

setLogLevel("silent");

/**
 * A page form's post counts once per ticket: the repeats a person's browser makes (a reload of the
 * post, a double click, a resend from history) get the first outcome and store nothing, a mistake
 * leaves the ticket for the corrected post, and a used ticket is no evidence of anything.
 */
describe.each(testDialects)("a page form sent with one ticket on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const fields = ["name", "message"] as const;

  /** A stand-in for a form's submission: counts the runs, stores nothing, fails when told to. */
  function form() {
    const runs: FillStart[] = [];
    let stored = 0;
    const send = (values: Record<string, unknown>, { fail = false, delayMs = 0 } = {}) =>
      submitTicketed("contact-form", values, fields, async (start) => {
        runs.push(start);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (fail) return { failed: { problem: "invalid" as const } };
        stored++;
        return { sent: { location: "/contact?sent=1", notice: "contact-sent" as const, id: `n${stored}` } };
      });
    return { send, runs, stored: () => stored };
  }

  it("answers a repeat with the same fields with the first outcome, and stores nothing new", async () => {
    const ticket = (await formTickets()).issue(Date.now() - 30_000);
    const { send, runs, stored } = form();
    const values = { ticket, name: "Ada", message: "Please call me." };
    const first = await send(values);
    expect(first).toMatchObject({ sent: { id: "n1" }, ticket: expect.any(String) });
    expect(runs).toEqual([{ kind: "shown", at: expect.any(Number) }]);
    // The reload of the post, and the resend from history: the first answer, the same notice id.
    expect(await send(values)).toMatchObject({
      sent: { location: "/contact?sent=1", notice: "contact-sent", id: "n1" },
    });
    expect(await send({ ...values })).toMatchObject({ sent: { id: "n1" } });
    expect(stored()).toBe(1);
    expect(runs).toHaveLength(1);
  });

  it("stores one of ten sent at once (a double click, a retry racing the first)", async () => {
    const ticket = (await formTickets()).issue(Date.now() - 30_000);
    const { send, stored } = form();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send({ ticket, name: "Bo", message: "Twice?" }, { delayMs: 100 })),
    );
    expect(stored()).toBe(1);
    expect(answers.map((answer) => answer.sent?.id)).toEqual(Array(10).fill("n1"));
  });

  it("leaves the ticket to a corrected post, which is measured from when the form was first shown", async () => {
    const shownAt = Date.now() - 60_000;
    const ticket = (await formTickets()).issue(shownAt);
    const { send, runs, stored } = form();
    const refused = await send({ ticket, name: "", message: "Forgot my name" }, { fail: true });
    // The refusal's page goes on with the same ticket: the clock and the key carry over.
    expect(refused).toMatchObject({ failed: { problem: "invalid" }, ticket });
    const corrected = await send({ ticket, name: "Cy", message: "Forgot my name" });
    expect(corrected.sent).toBeDefined();
    expect(runs).toEqual([
      { kind: "shown", at: shownAt },
      { kind: "shown", at: shownAt },
    ]);
    expect(stored()).toBe(1);
  });

  it("takes other fields sent with a used ticket as a submission of their own, whose fill time nothing vouches for", async () => {
    const ticket = (await formTickets()).issue(Date.now() - 60_000);
    const { send, runs, stored } = form();
    await send({ ticket, name: "Di", message: "First message" });
    // Back in history, changed, and sent again: a person's second message, stored, with a mark.
    const changed = await send({ ticket, name: "Di", message: "A second, different message" });
    expect(changed.sent?.id).toBe("n2");
    expect(runs[1]).toEqual({
      kind: "unverified",
      detail: "Sent again, changed, from a form that had already been sent once.",
    });
    // Its refusal page would carry a new ticket, not the used one.
    expect(changed.ticket).not.toBe(ticket);
    expect(stored()).toBe(2);
  });

  it("counts changed fields under a used ticket once too: the same changed form sent twice at once is one more submission", async () => {
    const ticket = (await formTickets()).issue(Date.now() - 60_000);
    const { send, stored } = form();
    await send({ ticket, name: "Fay", message: "First" });
    const changed = { ticket, name: "Fay", message: "Changed after going back" };
    const answers = await Promise.all([send(changed, { delayMs: 50 }), send(changed, { delayMs: 50 }), send(changed)]);
    expect(stored()).toBe(2);
    expect(answers.map((answer) => answer.sent?.id)).toEqual(["n2", "n2", "n2"]);
    // And other changes again are their own.
    await send({ ticket, name: "Fay", message: "A third message" });
    expect(stored()).toBe(3);
  });

  it("still tells a repeat by the key of a ticket past its week, though it vouches for no fill time", async () => {
    const ticket = (await formTickets()).issue(Date.now() - ticketLifetimeMs - 60_000);
    const { send, runs, stored } = form();
    const values = { ticket, name: "Gus", message: "Left open in a tab" };
    const [first, second] = await Promise.all([send(values, { delayMs: 50 }), send(values)]);
    expect(stored()).toBe(1);
    expect(second?.sent?.id).toBe(first?.sent?.id);
    expect(runs).toEqual([{ kind: "unverified", detail: "The form was shown more than a week before it was sent." }]);
  });

  it("gives a post without a good ticket a new one for its next try, and a mark", async () => {
    const { send, runs } = form();
    const refused = await send({ ticket: "t1.made.up.here", name: "", message: "x" }, { fail: true });
    expect(runs[0]).toMatchObject({ kind: "unverified" });
    expect((await formTickets()).read(refused.ticket)).toMatchObject({ state: "valid" });
  });

  it("remembers a form's key for as long as its ticket is good, and then forgets it", async () => {
    const ticket = (await formTickets()).issue(Date.now() - 1_000);
    const { send, stored } = form();
    const values = { ticket, name: "Ed", message: "Remember me" };
    await send(values);
    // A day and a half later (past an API key's day) the resend from history is still known.
    await purgeIdempotencyKeys(Date.now() + 36 * 60 * 60_000);
    expect((await send(values)).sent?.id).toBe("n1");
    const keys = () =>
      database().db.selectFrom("idempotency_keys").select("key").where("endpoint", "=", "contact-form").execute();
    expect(await keys()).not.toEqual([]);
    // Past the ticket's week and a day: forgotten, as the ticket itself is no longer taken.
    await purgeIdempotencyKeys(Date.now() + 9 * 24 * 60 * 60_000);
    expect(await keys()).toEqual([]);
    expect(stored()).toBe(1);
  });
});
