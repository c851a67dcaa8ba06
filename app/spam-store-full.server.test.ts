import { beforeEach, describe, expect, it, vi } from "vitest";
import { testDialects } from "../db/test-databases";
import { company } from "~/content/site";
import { getConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { action as contactApi } from "~/routes/api.contact";

// The smallest cap the configuration allows, read once on first use.
vi.hoisted(() => {
  process.env.SPAM_MAX_ROWS = "100";
});

setLogLevel("silent");

const payload = (n: number, honeypot: string) => ({
  name: `Sender ${n}`,
  email: `sender-${n}@example.com`,
  topic: "general",
  message: "Could you send me a brochure, please?",
  consent: true,
  honeypot,
});

/** POST /api/contact as a client at `ip` would, answered by the route itself. */
async function post(body: Record<string, unknown>, ip: string) {
  const request = new Request("http://localhost/api/contact", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await contactApi({ request, context: { clientIp: ip }, params: {} } as never)) as { data: Record<string, unknown>; init?: ResponseInit | null };
  return { status: answer.init?.status ?? 200, body: answer.data, retryAfter: new Headers(answer.init?.headers).get("Retry-After") };
}

describe.each(testDialects)("a full spam store on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  beforeEach(async () => {
    await database().db.deleteFrom("spam").execute();
  });

  it("keeps what it answered: a held message stays through 300 bot posts, and the posts past the cap are refused honestly", async () => {
    expect(getConfig().spamMaxRows).toBe(100);
    // A person whose browser filled the hidden field: held, and told it was sent.
    expect((await post(payload(0, "autofilled"), "192.0.2.1")).status).toBe(201);
    const [held] = await database().db.selectFrom("spam").select("id").execute();

    const statuses: number[] = [];
    for (let n = 1; n <= 300; n++) {
      // A botnet: every post from its own address, so no rate limit stands in for the cap.
      const answer = await post(payload(n, "http://bot.example"), `198.51.${Math.floor(n / 250)}.${n % 250}`);
      statuses.push(answer.status);
      if (answer.status === 503) {
        expect(answer.retryAfter).toBe("3600");
        expect(answer.body).toMatchObject({ ok: false, problem: "full" });
        expect(answer.body.error).toContain("was not stored");
        expect(answer.body.error).toContain(company.phone.display);
        expect(answer.body.error).toContain(getConfig().siteEmail);
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(99);
    expect(statuses.filter((s) => s === 503)).toHaveLength(201);
    expect(statuses.slice(99).every((s) => s === 503)).toBe(true);

    const rows = await database().db.selectFrom("spam").select(["id", "payload"]).execute();
    expect(rows).toHaveLength(100);
    expect(rows.map((r) => r.id)).toContain(held?.id);
    expect(rows.some((r) => r.payload.includes("sender-0@example.com"))).toBe(true);
  });

  it("still takes a person's message without a honeypot when the spam store is full: it goes to the inbox", async () => {
    for (let n = 0; n < 100; n++) await post(payload(n, "x"), `203.0.113.${n}`);
    const answer = await post({ ...payload(1000, ""), message: "See https://www.example.com/x please." }, "203.0.113.200");
    expect(answer.status).toBe(201);
    expect(await database().db.selectFrom("contact_messages").select("email").where("email", "=", "sender-1000@example.com").execute()).toHaveLength(1);
  });
});
