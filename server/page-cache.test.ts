import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";
import { exchange } from "./test-exchange";

type Cache = ReturnType<typeof createPageCache>;

/** For a request the cache answers: it never hands one back to render. */
const noRender = () => {
  throw new Error("the cache handed back a request it had taken");
};

/** The routes the tests keep: the reviews page reads its pager and filter parameters, the home page none. */
const routes = [
  { path: "/testimonials", query: ["tag", "before", "after", "page"] },
  { path: "/", query: [] },
];

/** Only a cookie named like a session changes a page here (app.ts passes the real test). */
const personal = (cookie: string) => /(^|;\s*)aquila_session=/.test(cookie);

/** Tickets numbered in the order they are issued. */
let issued = 0;
const issueTicket = () => `t1.issued-${++issued}`;

function cacheWith(changes: ReturnType<typeof feed> | undefined) {
  return createPageCache(routes, { https: false }, changes, personal, issueTicket);
}

/**
 * A GET rendered by "React Router": the cache lets it through, then keeps what it wrote.
 * `renderedUrl` is the address React Router was given.
 */
function render(cache: Cache, url: string, cookie?: string) {
  const { req, res } = exchange("GET", url, cookie);
  expect(cache.serve(req, res, noRender)).toBe(false);
  const renderedUrl = req.url;
  cache.capture(req as unknown as Request, res as unknown as Response, (() => {}) as NextFunction);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  return {
    renderedUrl,
    finish: (html: string, status = 200) => {
      res.statusCode = status;
      return res.end(html);
    },
  };
}

/** Whether a request is answered from memory, and with what (a HEAD answers headers only: ""). */
function ask(cache: Cache, url: string, { method = "GET", cookie }: { method?: string; cookie?: string } = {}) {
  const { req, res } = exchange(method, url, cookie);
  return cache.serve(req, res, noRender) ? res.body : undefined;
}

/** Any other request: the cache sees it start; `end(status)` finishes it, and resolves once its answer has left. */
function send(cache: Cache, method: string, url: string) {
  const { req, res } = exchange(method, url);
  expect(cache.serve(req, res, noRender)).toBe(false);
  return {
    res,
    async end(status: number, body = "") {
      res.statusCode = status;
      res.end(body);
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * The database's change feed, moved by hand. `commit` is a write whose notice has not arrived
 * (PostgreSQL's NOTIFY is delivered asynchronously); `catchUp` hears every notice committed before it.
 */
function feed() {
  let version: number | undefined = 1;
  let unheard = 0;
  const feed = {
    catchUps: 0,
    version: () => version,
    catchUp: async () => {
      feed.catchUps++;
      await Promise.resolve();
      if (version !== undefined) version += unheard;
      unheard = 0;
    },
    move: () => {
      version = (version ?? 0) + 1;
    },
    commit: () => {
      unheard++;
    },
    lose: () => {
      last = version ?? last;
      version = undefined;
    },
    /** Listening again after a loss: what was said meanwhile is lost, so the feed says where it resumed. */
    resume: () => {
      version = last + 1;
      resumedAt = version;
    },
    resumedAt: () => resumedAt,
  };
  let resumedAt: number | undefined;
  let last = 1;
  return feed;
}

/** A kept page, served from memory from now on. */
async function kept(cache: Cache, url: string, html: string) {
  render(cache, url).finish(html);
  await settle();
  expect(ask(cache, url)).toBe(html);
}

/** A cache on its own feed with /testimonials kept as "<p>v1</p>": where most stories begin. */
async function keptV1() {
  const changes = feed();
  const cache = cacheWith(changes);
  await kept(cache, "/testimonials", "<p>v1</p>");
  return { changes, cache };
}

describe("the page cache", () => {
  it("keeps a page until the database says something changed, however long that is", async () => {
    const { changes, cache } = await keptV1();
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    changes.move();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("never goes back to the copy before a change once a render has shown it: the next request waits for the new copy", async () => {
    const { changes, cache } = await keptV1();
    changes.move();
    const fresh = render(cache, "/testimonials");
    // While it renders, others get the copy before the change.
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    fresh.finish("<p>v2</p>");
    // Its answer is out (its client may ask again at once) and its copy is being compressed: the
    // next request waits for that copy rather than get the change taken back, and renders nothing.
    const next = exchange("GET", "/testimonials");
    expect(cache.serve(next.req, next.res, noRender)).toBe(true);
    expect(next.res.ended).toBe(false);
    await settle();
    expect(next.res.body).toBe("<p>v2</p>");
  });

  it("hands a waiting request back to render when the copy it waited for is not kept after all", async () => {
    const { changes, cache } = await keptV1();
    changes.move();
    const fresh = render(cache, "/testimonials");
    fresh.finish("<p>v2</p>");
    const next = exchange("GET", "/testimonials");
    let handedBack = false;
    expect(cache.serve(next.req, next.res, () => (handedBack = true))).toBe(true);
    // Another change while it was compressed: the copy is no longer current, and is not kept.
    changes.lose();
    await settle();
    expect(handedBack).toBe(true);
    expect(next.res.ended).toBe(false);
  });

  it("never serves a render that began before a change as the current page", async () => {
    const changes = feed();
    const cache = cacheWith(changes);
    const slow = render(cache, "/testimonials");
    changes.move();
    slow.finish("<p>the review before it was removed</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("serves nothing from memory and keeps nothing while changes cannot be seen", async () => {
    const { changes, cache } = await keptV1();
    changes.lose();
    expect(ask(cache, "/testimonials")).toBeUndefined();
    render(cache, "/testimonials").finish("<p>rendered while deaf</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
    // Heard again: the version moves, and nothing kept before is served, not even while a render runs.
    changes.move();
    const again = render(cache, "/testimonials");
    expect(ask(cache, "/testimonials")).toBeUndefined();
    again.finish("<p>v2</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBe("<p>v2</p>");
  });

  it("serves the copies kept before the feed was lost while the database is away, and drops them once it is heard again", async () => {
    let away = false;
    const changes = feed();
    const cache = createPageCache(routes, { https: false }, changes, personal, issueTicket, {
      away: () => away,
    });
    await kept(cache, "/testimonials", "<p>v1</p>");
    changes.lose();
    // Deaf with the database answering: renders, as before.
    expect(ask(cache, "/testimonials")).toBeUndefined();
    away = true;
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    // Only what was kept: another page, another theme or a signed-in visitor still renders.
    expect(ask(cache, "/")).toBeUndefined();
    expect(ask(cache, "/testimonials", { cookie: "aquila_session=abc" })).toBeUndefined();
    away = false;
    expect(ask(cache, "/testimonials")).toBeUndefined();
    away = true;
    changes.resume();
    // Heard again: the copy from before may have missed a change, away or not.
    expect(ask(cache, "/testimonials")).toBeUndefined();
    changes.lose();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("serves nothing kept before a loss of the feed once it listens again, though no request came while it was deaf", async () => {
    const { changes, cache } = await keptV1();
    // Lost and heard again between two requests: a change made meanwhile was never announced.
    changes.lose();
    changes.resume();
    const again = render(cache, "/testimonials");
    expect(ask(cache, "/testimonials")).toBeUndefined();
    again.finish("<p>v2</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBe("<p>v2</p>");
  });

  it("is off without a change feed", async () => {
    const cache = cacheWith(undefined);
    render(cache, "/testimonials").finish("<p>v1</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("keeps the page through OPTIONS, refused posts and posts that change nothing it shows", async () => {
    const { cache } = await keptV1();
    await send(cache, "OPTIONS", "/").end(204);
    await send(cache, "POST", "/testimonials").end(400, "a field is missing");
    await send(cache, "POST", "/theme").end(303);
    await send(cache, "POST", "/admin/logout").end(302);
    await send(cache, "POST", "/admin/login").end(401);
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
  });

  it("keeps a render that was running while others sent requests that wrote nothing it shows", async () => {
    const cache = cacheWith(feed());
    const during = render(cache, "/testimonials");
    const options = send(cache, "OPTIONS", "/");
    const theme = send(cache, "POST", "/theme");
    await options.end(204);
    await theme.end(303);
    during.finish("<p>v1</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
  });

  it("holds the answer to a write until the change feed has heard it, so the next request shows the change", async () => {
    const { changes, cache } = await keptV1();
    const publish = send(cache, "POST", "/testimonials");
    const during = render(cache, "/testimonials?tag=travel");
    changes.commit();
    publish.res.statusCode = 303;
    publish.res.end();
    expect(publish.res.ended).toBe(false);
    await settle();
    expect(publish.res.ended).toBe(true);
    expect(ask(cache, "/testimonials")).toBeUndefined();
    // A render that may have read the database before the commit is not the current page either.
    during.finish("<p>maybe before the commit</p>");
    await settle();
    expect(ask(cache, "/testimonials?tag=travel")).toBeUndefined();
  });

  it("answers OPTIONS at once, and asks the change feed nothing for it", async () => {
    const changes = feed();
    const cache = cacheWith(changes);
    const options = send(cache, "OPTIONS", "/testimonials");
    options.res.statusCode = 204;
    options.res.end();
    expect(options.res.ended).toBe(true);
    expect(changes.catchUps).toBe(0);
  });

  it("answers HEAD from the kept page, with its headers and no body", async () => {
    const { cache } = await keptV1();
    const { req, res } = exchange("HEAD", "/testimonials");
    expect(cache.serve(req, res, noRender)).toBe(true);
    expect(res.body).toBe("");
    expect(res.getHeader("etag")).toMatch(/^"/);
  });

  it("serves the same page whatever other cookies come with the theme", async () => {
    const { cache } = await keptV1();
    expect(ask(cache, "/testimonials", { cookie: "_ga=GA1.2.3; theme=dark; consent=yes" })).toBe("<p>v1</p>");
    expect(ask(cache, "/testimonials", { cookie: "theme=light" })).toBeUndefined();
    expect(ask(cache, "/testimonials", { cookie: "theme=dark; aquila_session=abc" })).toBeUndefined();
  });

  it("keys a page by the query parameters its route reads, in any order, and renders it with those alone", async () => {
    const cache = cacheWith(feed());
    const first = render(cache, "/testimonials?utm_source=mail&page=oldest&tag=travel&email=someone%40example.com");
    expect(first.renderedUrl).toBe("/testimonials?page=oldest&tag=travel");
    first.finish("<p>travel, oldest</p>");
    await settle();
    expect(ask(cache, "/testimonials?tag=travel&page=oldest")).toBe("<p>travel, oldest</p>");
    expect(ask(cache, "/testimonials?tag=travel&page=oldest&fbclid=1&tag=comfort")).toBe("<p>travel, oldest</p>");
    expect(ask(cache, "/testimonials?tag=travel")).toBeUndefined();
    await kept(cache, "/", "<p>home</p>");
    expect(ask(cache, "/?tag=travel&utm_campaign=spring")).toBe("<p>home</p>");
  });

  it("renders a page once after a change, and serves the copy before it to everyone who asks meanwhile", async () => {
    const { changes, cache } = await keptV1();
    changes.move();
    const answers = Array.from({ length: 10 }, () => ask(cache, "/testimonials"));
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
    expect(answers.filter((answer) => answer === "<p>v1</p>")).toHaveLength(9);
  });

  it("serves the newest render once it is in, and renders again for a change made while it ran", async () => {
    const { changes, cache } = await keptV1();
    changes.move();
    // The first request after the change renders; the others get v1 meanwhile.
    const a = render(cache, "/testimonials");
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    changes.move();
    // A render for the newest change starts at once, though one is still running.
    const b = render(cache, "/testimonials");
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    a.finish("<p>v2</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBe("<p>v2</p>");
    b.finish("<p>v3</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBe("<p>v3</p>");
    expect(ask(cache, "/testimonials")).toBe("<p>v3</p>");
  });

  it("lets the next request render when the render after a change is not kept", async () => {
    const { changes, cache } = await keptV1();
    changes.move();
    render(cache, "/testimonials").finish("failed", 500);
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("never lets renders that are not kept push a kept page out", async () => {
    const cache = cacheWith(feed());
    await kept(cache, "/", "<p>home</p>");
    // More addresses than the cache holds, each answered with an error (made-up review cursors).
    for (let n = 0; n < 600; n++) render(cache, `/testimonials?before=made-up-${n}`).finish("no such page", 400);
    await settle();
    expect(ask(cache, "/")).toBe("<p>home</p>");
  });
});

describe("a kept page with forms", () => {
  const form = (ticket: string) =>
    `<form><input type="hidden" name="ticket" value="${ticket}"/><button>Send</button></form>`;

  it("gives each response its own tickets, issued when it is sent, and is otherwise the kept copy", async () => {
    const cache = cacheWith(feed());
    render(cache, "/testimonials").finish(`<main>${form("t1.rendered")}<dialog>${form("t1.rendered")}</dialog></main>`);
    await settle();
    const first = ask(cache, "/testimonials");
    const second = ask(cache, "/testimonials");
    const numbers = (page: string | undefined) =>
      [...(page ?? "").matchAll(/value="t1\.issued-(\d+)"/g)].map((m) => Number(m[1]));
    // Two forms, two tickets per response, none of them the render's, none repeated.
    expect(numbers(first)).toHaveLength(2);
    expect(numbers(second)).toEqual(numbers(first).map((n) => n + 2));
    expect(second?.replace(/issued-\d+/g, "")).toBe(`<main>${form("t1.")}<dialog>${form("t1.")}</dialog></main>`);
  });

  it("sends no ETag, so no browser revalidates a copy whose ticket it was already given", async () => {
    const cache = cacheWith(feed());
    render(cache, "/").finish(`<main>${form("t1.rendered")}</main>`);
    await settle();
    const { req, res } = exchange("GET", "/");
    expect(cache.serve(req, res, noRender)).toBe(true);
    expect(res.getHeader("etag")).toBeUndefined();
    expect(res.getHeader("cache-control")).toBe("no-cache");
  });
});
