import { beforeEach, describe, expect, it, vi } from "vitest";
import { testDialects } from "#db/test-databases";
import { company } from "~/content/site";
import { getConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { spamFullRetryAfter } from "~/lib/public-form.server";
import { holdAsSpam } from "~/lib/spam.server";
import { useTestDatabase } from "~/lib/test-database";
import { action as contactApi } from "~/routes/api.contact";
import { action as ordersApi } from "~/routes/api.orders";
import { action as reviewsApi } from "~/routes/api.testimonials";
import { specMessage, specOrder, specReview } from "../tests/support/spec-messages";

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

type ApiAction = typeof contactApi | typeof ordersApi | typeof reviewsApi;

/** POST to a JSON endpoint (/api/contact unless told) as a client at `ip` would, answered by the route itself. */
async function post(
  body: Record<string, unknown>,
  ip: string,
  api: { path: string; action: ApiAction } = { path: "/api/contact", action: contactApi },
) {
  const request = new Request(`http://localhost${api.path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await api.action({ request, context: { clientIp: ip }, params: {} } as never)) as {
    data: Record<string, unknown>;
    init?: ResponseInit | null;
  };
  return {
    status: answer.init?.status ?? 200,
    body: answer.data,
    retryAfter: new Headers(answer.init?.headers).get("Retry-After"),
  };
}

/** Each form's JSON endpoint, with its payload (requirements.md §5) as a program that fills the honeypot sends it. */
const endpoints = [
  {
    path: "/api/contact",
    action: contactApi,
    body: { ...specMessage, honeypot: "http://bot.example" },
    table: "contact_messages",
  },
  {
    path: "/api/orders",
    action: ordersApi,
    body: { ...specOrder, honeypot: "http://bot.example", formStartTime: Date.now() - 10_000 },
    table: "order_requests",
  },
  {
    path: "/api/testimonials",
    action: reviewsApi,
    body: { ...specReview, honeypot: "http://bot.example" },
    table: "testimonials",
  },
] as const;

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
        expect(answer.retryAfter).toBe(String(spamFullRetryAfter));
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

  it.each(endpoints)(
    "$path refuses a held submission when the store is full, with a wait and both the phone and the email",
    async (endpoint) => {
      for (let n = 0; n < getConfig().spamMaxRows; n++)
        await holdAsSpam("message", payload(n, "x"), [], getConfig().spamMaxRows);
      const answer = await post(endpoint.body, "198.51.100.7", endpoint);
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe(String(spamFullRetryAfter));
      expect(answer.body).toMatchObject({ ok: false, problem: "full" });
      expect(answer.body.error).toContain("was not stored");
      expect(answer.body.error).toContain(company.phone.display);
      expect(answer.body.error).toContain(getConfig().siteEmail);
      // Refused, not stored anywhere: the store keeps its rows, and the form's own table has none.
      expect(await database().db.selectFrom("spam").select("id").execute()).toHaveLength(getConfig().spamMaxRows);
      expect(
        await database().db.selectFrom(endpoint.table).select("id").where("email", "=", endpoint.body.email).execute(),
      ).toEqual([]);
    },
  );

  it("still takes a person's message without a honeypot when the spam store is full: it goes to the inbox", async () => {
    for (let n = 0; n < 100; n++) await post(payload(n, "x"), `203.0.113.${n}`);
    const answer = await post(
      { ...payload(1000, ""), message: "See https://www.example.com/x please." },
      "203.0.113.200",
    );
    expect(answer.status).toBe(201);
    expect(
      await database()
        .db.selectFrom("contact_messages")
        .select("email")
        .where("email", "=", "sender-1000@example.com")
        .execute(),
    ).toHaveLength(1);
  });
});
