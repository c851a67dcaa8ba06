import { randomUUID } from "node:crypto";
import { generateTOTP } from "@epic-web/totp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "#db/test-databases";
import { seedMessage, seedOrder, type SeededSession, signInAsTestStaff, testTotpSecret } from "../support/seed";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * What the admin pages send to a signed-in browser, read as the browser reads it (the page's HTML
 * and its React Router data URL): the list and search pages carry no health answers, consents or
 * (except where a list shows it) phone number; the spam page carries only the fields it shows of a
 * held request (its notes among them). A record's own page shows the rest. And deleting an
 * order request or a message, or one held as spam, asks for proof of who one is within five
 * minutes, as for a review.
 */

const medicalNote = "Pressure sore healing on the left hip since March";
const phone = "503-555-0147";
const messagePhone = "971-555-0182";

/** Column and field names of health answers, consents and secrets: no list or search page shows them. */
const hidden = [
  "medical_notes",
  "medicalNotes",
  "discomfort_areas",
  "discomfortAreas",
  "sensitivity_level",
  "sensitivityLevel",
  "wheelchair_type",
  "wheelchairType",
  "privacy_consent_at",
  "privacyConsent",
  "medical_disclaimer_at",
  "consent_at",
  "heard_from",
  "password_hash",
  "totp_secret",
  "token_hash",
  '"phone"',
];

describe.each(testDialects)("admin pages' data on %s", (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  let owner: SeededSession;
  let orderId = "";
  let reference = "";
  let messageId = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startServerProcess({ DATABASE_URL: database.url });
    owner = await signInAsTestStaff(database.url, "owner");
    const order = await seedOrder(database.url, {
      firstName: "Rosa",
      lastName: "Diaz",
      email: "rosa@example.org",
      phone,
      medicalNotes: medicalNote,
      discomfortAreas: ["tailbone", "hips"],
      sensitivityLevel: "high",
    });
    orderId = order.id;
    reference = order.reference;
    messageId = await seedMessage(database.url, {
      name: "Rosa Diaz",
      email: "rosa@example.org",
      phone: messagePhone,
      message: "Can the cover be washed?",
    });
    // An order request held as spam: its listed fields are shown, its health answers are not.
    await database.db
      .insertInto("spam")
      .values({
        id: randomUUID(),
        kind: "order",
        payload: JSON.stringify({
          firstName: "Held",
          lastName: "Person",
          email: "held@example.org",
          phone: "555-000-1111",
          country: "United States",
          discomfortAreas: ["thighs"],
          sensitivityLevel: "low",
          wheelchairType: "manual",
          privacyConsent: true,
        }),
        reasons: JSON.stringify([{ code: "honeypot", detail: "A hidden field was filled in." }]),
        received_at: new Date().toISOString(),
      })
      .execute();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const get = (target: string, cookie = owner.header) =>
    fetch(new URL(target, server.url), { headers: { Cookie: cookie, Accept: "text/html" }, redirect: "manual" });

  const post = (target: string, form: Record<string, string>, cookie: string) =>
    fetch(new URL(target, server.url), {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: new URL(server.url).origin,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  const searches = () =>
    database.db
      .selectFrom("audit_log")
      .select(["username", "action", "target_type", "target_id", "detail"])
      .where("target_type", "=", "data_request")
      .where("action", "=", "viewed")
      .execute();

  it("lists a person's records in a data request by their line and link only, and records each search", async () => {
    const before = (await searches()).length;
    for (const target of [
      "/admin/data-requests?email=Rosa%40example.org",
      "/admin/data-requests.data?email=rosa%40example.org",
    ]) {
      const response = await get(target);
      expect(response.status, target).toBe(200);
      const body = await response.text();
      expect(body, target).toContain(reference);
      expect(body, target).toContain(`/admin/orders/${orderId}`);
      expect(body, target).toContain(`/admin/messages/${messageId}`);
      for (const text of [medicalNote, phone, messagePhone, "Can the cover be washed?", ...hidden])
        expect(body, `${target} carries ${text}`).not.toContain(text);
    }
    const lines = await searches();
    expect(lines).toHaveLength(before + 2);
    for (const line of lines.slice(before)) {
      expect(line).toMatchObject({ username: "test.owner", action: "viewed", target_type: "data_request" });
      expect(line.detail).toContain("messages: 1");
      expect(line.detail).toContain("order requests: 1");
      // Counts, never the address searched for.
      expect(line.detail).not.toContain("rosa");
    }
    // A search that is not an address is not a view of anyone's data.
    expect((await get("/admin/data-requests?email=rosa")).status).toBe(200);
    expect(await searches()).toHaveLength(before + 2);
  }, 30_000);

  it("sends no list page health answers, consents, secrets or phone numbers it does not show", async () => {
    for (const page of ["orders", "messages", "queue", "testimonials", "audit", "accounts", "replies", "templates"]) {
      const response = await get(`/admin/${page}.data`);
      expect(response.status, page).toBe(200);
      const body = await response.text();
      for (const text of [medicalNote, phone, messagePhone, ...hidden])
        expect(body, `/admin/${page}.data carries ${text}`).not.toContain(text);
    }
    // The spam page shows a held order request's phone and notes, never its health answers or consents.
    const spam = await (await get("/admin/spam.data")).text();
    expect(spam).toContain("555-000-1111");
    for (const text of ["discomfortAreas", "sensitivityLevel", "wheelchairType", "privacyConsent", "thighs"])
      expect(spam, `/admin/spam.data carries ${text}`).not.toContain(text);
    // The request's own page shows everything (tests/integration/staff-roles.test.ts checks that its
    // opening is audited).
    const opened = await (await get(`/admin/orders/${orderId}.data`)).text();
    expect(opened).toContain(medicalNote);
  }, 30_000);

  const appCode = async () => (await generateTOTP({ secret: testTotpSecret, period: 30 })).otp;

  it.each([
    { kind: "order request", path: () => `/admin/orders/${orderId}`, list: "/admin/orders", table: "order_requests" },
    { kind: "message", path: () => `/admin/messages/${messageId}`, list: "/admin/messages", table: "contact_messages" },
  ] as const)(
    "deletes an $kind only after proof of who one is within five minutes",
    async ({ path, list, table }) => {
      const session = await signInAsTestStaff(database.url, "owner");
      const id = path().split("/").at(-1)!;
      await database.db
        .updateTable("sessions")
        .set({ confirmed_at: new Date(Date.now() - 6 * 60_000).toISOString() })
        .where("account_id", "=", session.staff.accountId)
        .execute();
      const stored = () => database.db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();

      const refused = await post(path(), { intent: "delete" }, session.header);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toBe(`/admin/confirm?redirectTo=${encodeURIComponent(path())}`);
      expect(await stored()).toEqual({ id });

      await database.db
        .updateTable("accounts")
        .set({ totp_last_step: null })
        .where("id", "=", session.staff.accountId)
        .execute();
      const confirmed = await post("/admin/confirm", { code: await appCode(), redirectTo: path() }, session.header);
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get("location")).toBe(path());
      const renewed =
        confirmed.headers
          .getSetCookie()
          .find((c) => c.includes("session="))
          ?.split(";")[0] ?? "";
      expect(renewed).not.toBe("");

      const deleted = await post(path(), { intent: "delete" }, renewed);
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("location")).toBe(list);
      expect(await stored()).toBeUndefined();
    },
    60_000,
  );

  it("deletes a submission held as spam only after proof of who one is within five minutes", async () => {
    const id = randomUUID();
    await database.db
      .insertInto("spam")
      .values({
        id,
        kind: "message",
        payload: JSON.stringify({ name: "Moved Here", email: "moved@example.org", message: "Hello" }),
        reasons: JSON.stringify([{ code: "moved-by-staff", detail: "Moved to Spam by test.owner." }]),
        received_at: new Date().toISOString(),
      })
      .execute();
    const session = await signInAsTestStaff(database.url, "owner");
    await database.db
      .updateTable("sessions")
      .set({ confirmed_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where("account_id", "=", session.staff.accountId)
      .execute();
    const stored = () => database.db.selectFrom("spam").select("id").where("id", "=", id).executeTakeFirst();

    const refused = await post("/admin/spam", { intent: "delete", id }, session.header);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`/admin/confirm?redirectTo=${encodeURIComponent("/admin/spam")}`);
    expect(await stored()).toEqual({ id });

    // Just signed in is proof enough.
    const deleted = await post(
      "/admin/spam",
      { intent: "delete", id },
      (await signInAsTestStaff(database.url, "owner")).header,
    );
    expect(deleted.status).toBe(200);
    expect(await stored()).toBeUndefined();
  }, 60_000);
});
