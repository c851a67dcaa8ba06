import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "~/content/site";
import { honeypotField } from "~/lib/forms";
import { spamFullRetryAfter } from "~/lib/public-form.server";
import { specOrder, specReview } from "../support/spec-messages";
import { type ServerProcess, startServerProcess } from "./server-process";

/**
 * What a visitor without JavaScript reads when a full spam store refuses the page's form (decision
 * 008): the refusal names both other ways to reach the company, the phone and the email, on the
 * page itself. The JSON endpoints' answers are checked in app/spam-store-full.server.test.ts.
 */

const siteEmail = "help@aquila.example";
const spamMaxRows = 100;

/** A page's form as a browser without JavaScript sends it, with the hidden field a program fills. */
function pageForm(fields: Record<string, unknown>): RequestInit {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...fields, [honeypotField]: "http://bot.example" })) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item === true ? "on" : String(item));
  }
  return { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() };
}

/** The text of the page's alerts (the footer names the email on every page, so only these count). */
function alerts(page: string): string[] {
  return [...page.matchAll(/<(div|p)\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/\1>/g)].map((match) =>
    (match[2] ?? "").replace(/<[^>]*>/g, ""),
  );
}

describe("a full spam store, as the pages answer it", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Every post from one address: the rate limit is raised so only the cap refuses.
    server = await startServerProcess({
      SITE_EMAIL: siteEmail,
      SPAM_MAX_ROWS: String(spamMaxRows),
      FORM_RATE_LIMIT: "1000",
    });
    for (let n = 0; n < spamMaxRows; n++) {
      const held = await fetch(new URL("/api/contact", server.url), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: `Bot ${n}`,
          email: `bot-${n}@example.com`,
          topic: "general",
          message: "Buy now, please.",
          consent: true,
          honeypot: "x",
        }),
      });
      expect(held.status).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    { path: "/testimonials", fields: { ...specReview, intent: "submit" } },
    { path: "/order", fields: specOrder },
  ])("$path refuses the form with a 503 whose page names the phone and the email", async ({ path, fields }) => {
    const answer = await fetch(new URL(path, server.url), pageForm(fields));
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe(String(spamFullRetryAfter));
    const refusal = alerts(await answer.text()).find((text) => text.includes("yours was not stored"));
    expect(refusal).toContain(company.phone.display);
    expect(refusal).toContain(siteEmail);
  });
});
