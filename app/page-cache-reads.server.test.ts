import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { unwatchedReads } from "#db/public-changes";
import { db, recordTables } from "~/lib/db.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { cachedRoutes } from "./route-manifest";
import * as root from "./root";

setLogLevel("silent");

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<unknown> | unknown;

/** Every route module, loaded on demand by its manifest file name. */
const modules = import.meta.glob<{ loader?: Loader }>("./routes/*.{ts,tsx}");

/** Addresses of a kept route: the page itself and each query parameter it reads, with a value it takes. */
function targets(path: string, query: readonly string[]) {
  const samples: Record<string, string[]> = {
    tag: ["travel"],
    page: ["oldest", "2"],
    before: ["2026-01-01T00:00:00.000Z~x"],
    after: ["2026-01-01T00:00:00.000Z~x"],
    power: ["off"],
    topic: ["order"],
    subject: ["Replacement cover"],
  };
  return [
    path,
    ...query.flatMap((name) => (samples[name] ?? ["x"]).map((value) => `${path}?${name}=${encodeURIComponent(value)}`)),
  ];
}

/**
 * A kept page is replaced only when the database says a watched table changed, so a kept route
 * that read any other table would be served stale until some unrelated change. Every kept route is
 * loaded here, as an anonymous visitor asks for it, while the tables its queries name are
 * recorded; each must be in its `reads` in app/route-manifest.ts, and each of those watched
 * (db/public-changes.ts).
 */
describe("what kept routes read", () => {
  const database = useTestDatabase("sqlite");
  beforeAll(async () => {
    // Published and waiting reviews, and a removal, so every query a page can make has rows to read.
    const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
    for (const n of [1, 2, 3]) {
      await database()
        .db.insertInto("testimonials")
        .values({
          id: `r${n}`,
          name: `Reader ${n}`,
          email: `r${n}@example.com`,
          rating: 8,
          quote: "Fine.",
          context: null,
          tags: JSON.stringify(["travel"]),
          created_at: at(n),
          approved_at: n < 3 ? at(n + 1) : null,
        })
        .execute();
    }
    await database()
      .db.insertInto("review_removals")
      .values({ id: "gone", reason: null, received_at: at(1), removed_at: at(2) })
      .execute();
  });

  it.each(cachedRoutes.map((route) => [route.path, route] as const))(
    "%s reads only watched tables it declares",
    async (_path, route) => {
      const module = await modules[`./${route.file}`]?.();
      expect(module?.loader, route.file).toBeTypeOf("function");
      const read = new Set<string>();
      for (const target of targets(route.path, route.query)) {
        const request = new Request(new URL(target, "http://localhost"));
        const args = { request, params: {}, context: { clientIp: "127.0.0.1", nonce: "test" } };
        const { tables } = await recordTables(async () => {
          await root.loader(args as unknown as Parameters<typeof root.loader>[0]);
          await module?.loader?.(args);
        });
        for (const table of tables) read.add(table);
      }
      expect(unwatchedReads(route.reads, read), `${route.path} read ${[...read].join(", ") || "nothing"}`).toEqual([]);
    },
  );

  it("catches a kept route that reads a table nobody watches, or declares one", async () => {
    // A made-up kept route whose page lists the newest messages: a query built with Kysely and one written out.
    const { tables } = await recordTables(async () => {
      await db().selectFrom("contact_messages").select("id").limit(3).execute();
      await sql`select count(*) from order_requests`.execute(db());
    });
    expect([...tables].sort()).toEqual(["contact_messages", "order_requests"]);
    expect(unwatchedReads(["testimonials"], tables)).toEqual(["contact_messages", "order_requests"]);
    expect(unwatchedReads(["testimonials", "contact_messages"], ["contact_messages"])).toEqual(["contact_messages"]);
    expect(unwatchedReads(["testimonials", "review_tallies"], ["review_tallies"])).toEqual([]);
  });
});
