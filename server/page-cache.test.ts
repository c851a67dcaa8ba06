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

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the page cache and changes made through this process", () => {
  it("keeps a page rendered while nothing changed", async () => {
    const cache = createPageCache(["/testimonials"], { https: false }, 60_000);
    render(cache, "/testimonials").finish("<p>v1</p>");
    await settle();
    const { req, res } = exchange("GET", "/testimonials");
    expect(cache.serve(req, res)).toBe(true);
    expect(res.body).toBe("<p>v1</p>");
  });

  it("never keeps a page whose render began before a change made here had finished", async () => {
    const cache = createPageCache(["/testimonials"], { https: false }, 60_000);
    // The render reads the database before the deletion commits, and writes its page after it.
    const slow = render(cache, "/testimonials");
    const post = exchange("POST", "/admin/data-requests");
    expect(cache.serve(post.req, post.res)).toBe(false);
    post.res.end("deleted");
    slow.finish("<p>the deleted review</p>");
    await settle();
    const { req, res } = exchange("GET", "/testimonials");
    expect(cache.serve(req, res)).toBe(false);
  });

  it("does not keep a render that began while a change was still being made", async () => {
    const cache = createPageCache(["/testimonials"], { https: false }, 60_000);
    const post = exchange("POST", "/admin/data-requests");
    cache.serve(post.req, post.res);
    const during = render(cache, "/testimonials");
    post.res.end("deleted");
    during.finish("<p>maybe before the commit</p>");
    await settle();
    const { req, res } = exchange("GET", "/testimonials");
    expect(cache.serve(req, res)).toBe(false);
  });
});
