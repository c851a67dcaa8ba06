import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyDatabase, tableReports } from "./copy.server";
import { requires } from "../tests/support/requires";
import { createTestDatabase, type TestDatabase } from "./test-databases";

// Copies the embedded SQLite database into PostgreSQL; CI sets TEST_DATABASE_URL, so it runs there.
const suite = "moving from SQLite to PostgreSQL";
describe.runIf(requires(suite, "postgres"))(suite, () => {
  let source: TestDatabase;
  let target: TestDatabase;
  beforeAll(async () => {
    source = await createTestDatabase("sqlite");
    target = await createTestDatabase("postgres");
    const now = new Date().toISOString();
    await source.db
      .insertInto("accounts")
      .values({
        id: "acc-1",
        username: "admin",
        password_hash: "scrypt$17$8$1$c2FsdA$aGFzaA",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await source.db
      .insertInto("sessions")
      .values({
        id_hash: "h1",
        account_id: "acc-1",
        created_at: now,
        last_seen_at: now,
        expires_at: now,
        revoked_at: null,
      })
      .execute();
    await source.db
      .insertInto("testimonials")
      .values(
        Array.from({ length: 1200 }, (_, i) => ({
          id: `t-${String(i).padStart(5, "0")}`,
          name: `Reviewer ${i} “quoted” <b>`,
          email: `r${i}@example.com`,
          rating: 1 + (i % 10),
          quote: `Review ${i}: émoji 😀, newline\nand 'quotes'`,
          context: i % 3 ? null : "Ohio",
          tags: JSON.stringify(["comfort"]),
          approved: i % 2,
          verified: 0,
          created_at: now,
          approved_at: i % 2 ? now : null,
        })),
      )
      .execute();
    await source.db
      .insertInto("contact_messages")
      .values({
        id: "m-1",
        name: "Ana",
        email: "ana@example.com",
        phone: null,
        topic: "repair",
        message: "Please call me back.",
        consent: 1,
        consent_at: now,
        received_at: now,
        status: "new",
        handled_at: null,
      })
      .execute();
    await source.db
      .insertInto("outbox")
      .values({
        id: "o-1",
        kind: "message",
        ref_id: "m-1",
        channel: "none",
        status: "stored_only",
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    await source.db
      .insertInto("order_requests")
      .values({
        id: "or-1",
        reference: "AQ-7K3M-9QX2",
        first_name: "Rosa",
        last_name: "Example",
        email: "rosa@example.com",
        phone: "866-555-0100",
        submitted_by_name: null,
        submitted_by_relationship: null,
        country: "United States",
        state: "Ohio",
        zip_code: "43004",
        wheelchair_type: "power",
        seat_width_in: 18.3,
        seat_depth_in: 17.25,
        current_cushion: null,
        daily_sitting_hours: "8-12",
        discomfort_areas: JSON.stringify(["tailbone"]),
        sensitivity_level: "high",
        priorities: JSON.stringify(["pressure-relief"]),
        pad_size: "not-sure",
        cover_type: "standard",
        controller_placement: "left",
        medical_notes: "Notes “quoted” 😀",
        privacy_consent_at: now,
        medical_disclaimer_at: now,
        received_at: now,
        status: "new",
        status_changed_at: null,
      })
      .execute();
    await source.db
      .insertInto("spam")
      .values({
        id: "s-1",
        kind: "order",
        payload: JSON.stringify({ firstName: "Bot" }),
        reasons: "[]",
        received_at: now,
      })
      .execute();
    await source.db
      .insertInto("sign_in_failures")
      .values({ id: "f-1", account: "admin", ip: "1.2.3.4", at: now })
      .execute();
    await source.db
      .insertInto("rate_limits")
      .values({ key: "message:1.2.3.4", window_start: 1_790_000_000, count: 3 })
      .execute();
    await source.db
      .insertInto("audit_log")
      .values({
        id: "a-1",
        account_id: "acc-1",
        username: "admin",
        action: "publish",
        target_type: "testimonial",
        target_id: "t-00001",
        detail: null,
        at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
  });

  it("copies every row and proves it by counts and checksums", async () => {
    await target.close();
    const result = await copyDatabase(source.url, target.url, 250);
    expect(result.verified).toBe(true);
    expect(result.from.find((r) => r.table === "testimonials")?.rows).toBe(1200);
    // Every table is copied, order requests (with fractional inches) and the spam store included.
    for (const table of ["order_requests", "spam", "sign_in_failures"])
      expect(result.from.find((r) => r.table === table)?.rows).toBe(1);
    expect(result.to).toEqual(result.from);
  });

  it("refuses to copy into a database that already has data", async () => {
    await expect(copyDatabase(source.url, target.url)).rejects.toThrow(/not empty/);
    const { createDatabase } = await import("./client.server");
    const again = createDatabase(target.url);
    expect((await tableReports(again.db)).find((r) => r.table === "testimonials")?.rows).toBe(1200);
    await again.close();
  });
});
