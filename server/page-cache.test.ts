import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

/** Just enough of a request and a response for the cache: headers kept, body written, "finish" on end. */
function exchange(method: string, url: string) {
  const req = Object.assign(new EventEmitter(), { method, url, headers: {} }) as unknown as IncomingMessage;
  const headers = new Map<string, unknown>();
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    body: "",
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    writeHead(status: number, flat: string[]) {
      res.statusCode = status;
      for (let i = 0; i < flat.length; i += 2) headers.set(String(flat[i]).toLowerCase(), flat[i + 1]);
    },
    write(chunk: unknown) {
      res.body += String(chunk);
      return true;
    },
    end(chunk?: unknown) {
      if (chunk) res.body += String(chunk);
      res.emit("finish");
      return res;
    },
  });
  return { req, res: res as unknown as ServerResponse & { body: string } };
}

/** A GET rendered by "React Router": the cache lets it through, then keeps what it wrote. */
function render(cache: ReturnType<typeof createPageCache>, url: string) {
  const { req, res } = exchange("GET", url);
  expect(cache.serve(req, res)).toBe(false);
  cache.capture(req as unknown as Request, res as unknown as Response, (() => {}) as NextFunction);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  return { finish: (html: string) => res.end(html) };
}

/** Whether a GET is answered from memory, and with what. */
function ask(cache: ReturnType<typeof createPageCache>, url: string) {
  const { req, res } = exchange("GET", url);
  return cache.serve(req, res) ? res.body : undefined;
}

/** A state-changing request: the cache sees it start; `end(status)` finishes it. */
function post(cache: ReturnType<typeof createPageCache>, url: string) {
  const { req, res } = exchange("POST", url);
  expect(cache.serve(req, res)).toBe(false);
  return {
    end(status: number, body = "") {
      res.statusCode = status;
      res.end(body);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The database's change feed, moved by hand. */
function feed() {
  let version: number | undefined = 1;
  return {
    version: () => version,
    move: () => {
      version = (version ?? 0) + 1;
    },
    lose: () => {
      version = undefined;
    },
  };
}

describe("the page cache", () => {
  it("keeps a page until the database says something changed, however long that is", async () => {
    const changes = feed();
    const cache = createPageCache(["/testimonials"], { https: false }, changes);
    render(cache, "/testimonials").finish("<p>v1</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    changes.move();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("never keeps a render that began before a change, even when it finishes after it", async () => {
    const changes = feed();
    const cache = createPageCache(["/testimonials"], { https: false }, changes);
    const slow = render(cache, "/testimonials");
    changes.move();
    slow.finish("<p>the review before it was removed</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("serves nothing from memory and keeps nothing while changes cannot be seen", async () => {
    const changes = feed();
    const cache = createPageCache(["/testimonials"], { https: false }, changes);
    render(cache, "/testimonials").finish("<p>v1</p>");
    await settle();
    changes.lose();
    expect(ask(cache, "/testimonials")).toBeUndefined();
    render(cache, "/testimonials").finish("<p>rendered while deaf</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
    // Heard again: the version moves, and what was kept before is gone.
    changes.move();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("is off without a change feed", async () => {
    const cache = createPageCache(["/testimonials"], { https: false }, undefined);
    render(cache, "/testimonials").finish("<p>v1</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("empties itself when a state-changing request through this process succeeds, before the database's notice", async () => {
    const changes = feed();
    const cache = createPageCache(["/testimonials"], { https: false }, changes);
    render(cache, "/testimonials").finish("<p>v1</p>");
    await settle();
    post(cache, "/testimonials").end(400, "a field is missing");
    expect(ask(cache, "/testimonials")).toBe("<p>v1</p>");
    post(cache, "/testimonials").end(303);
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("does not keep a render that ran while a change was being made here", async () => {
    const cache = createPageCache(["/testimonials"], { https: false }, feed());
    const erase = post(cache, "/admin/data-requests");
    const during = render(cache, "/testimonials");
    erase.end(200, "deleted");
    during.finish("<p>maybe before the commit</p>");
    await settle();
    expect(ask(cache, "/testimonials")).toBeUndefined();
  });

  it("keeps each theme and query apart, and never a request with a session cookie", async () => {
    const cache = createPageCache(["/testimonials"], { https: false }, feed());
    render(cache, "/testimonials?page=2").finish("<p>page 2</p>");
    await settle();
    expect(ask(cache, "/testimonials?page=2")).toBe("<p>page 2</p>");
    expect(ask(cache, "/testimonials")).toBeUndefined();
    const { req, res } = exchange("GET", "/testimonials?page=2");
    (req.headers as Record<string, string>).cookie = "session=abc";
    expect(cache.serve(req, res)).toBe(false);
  });
});
