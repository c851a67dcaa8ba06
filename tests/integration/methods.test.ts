import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./server-process";

const id = "00000000-0000-4000-8000-000000000000";
const page = ["GET", "HEAD"];
const form = ["GET", "HEAD", "POST"];

/** Every route of app/routes.ts and every kind of file the server answers, with the methods each takes. */
const resources: Record<string, string[]> = {
  "/": page,
  "/about": page,
  "/product": page,
  "/faq": page,
  "/case-studies": page,
  "/user-manuals": page,
  "/order": form,
  "/contact": form,
  "/testimonials": form,
  "/theme": form,
  "/api/contact": ["POST"],
  "/api/orders": ["POST"],
  "/api/testimonials": form,
  "/api/admin/testimonials": ["POST"],
  [`/api/admin/testimonials/${id}`]: ["DELETE"],
  [`/api/admin/testimonials/${id}/approve`]: ["PATCH"],
  "/api/auth/login": ["POST"],
  "/api/admin/login": ["POST"],
  "/admin/login": form,
  "/admin/logout": form,
  "/admin/messages/export.csv": page,
  "/admin/orders/export.csv": page,
  "/admin": page,
  "/admin/testimonials": form,
  "/admin/orders": form,
  [`/admin/orders/${id}`]: form,
  "/admin/messages": form,
  [`/admin/messages/${id}`]: form,
  "/admin/spam": form,
  "/robots.txt": page,
  "/sitemap.xml": page,
  "/healthz": page,
  "/readyz": page,
  "/favicon.ico": page,
  "/site.webmanifest": page,
  "/images/apple-touch-icon.png": page,
  "/manuals/softech-auto-start-booklet.pdf": page,
};
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"];

interface Answer {
  status: number;
  allow: string | undefined;
  body: string;
}

/** node:http, because fetch refuses TRACE (and CONNECT) before sending anything. */
function send(base: string, method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "0" } },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("every route and file, with each of 8 methods, from an anonymous client", () => {
  let server: ServerProcess;
  const answers = new Map<string, Answer>();

  beforeAll(async () => {
    server = await startServerProcess();
    const asset = (await (await fetch(`${server.url}/contact`)).text()).match(/\/assets\/[^"]+\.js/)?.[0];
    if (!asset) throw new Error("no script on /contact");
    resources[asset] = page;
    for (const path of [...Object.keys(resources), "/no-such-page"]) {
      for (const method of methods) answers.set(`${method} ${path}`, await send(server.url, method, path));
    }
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("answers no request with a 5xx", () => {
    const failed = [...answers]
      .filter(([, answer]) => answer.status >= 500)
      .map(([call, answer]) => `${call}: ${answer.status}`);
    expect(failed).toEqual([]);
  });

  it("refuses a method a resource does not take with 405 and the methods it does take", () => {
    for (const [path, allowed] of Object.entries(resources)) {
      for (const method of methods.filter((m) => m !== "OPTIONS" && !allowed.includes(m))) {
        const answer = answers.get(`${method} ${path}`);
        expect(answer?.status, `${method} ${path}`).toBe(405);
        expect(answer?.allow, `${method} ${path}`).toBe(allowed.join(", "));
      }
    }
  });

  it("passes a method a resource takes to it: whatever it answers, never 405", () => {
    for (const [path, allowed] of Object.entries(resources)) {
      for (const method of allowed) expect(answers.get(`${method} ${path}`)?.status, `${method} ${path}`).not.toBe(405);
    }
  });

  it("answers OPTIONS with 204, the Allow header and no body", () => {
    for (const [path, allowed] of Object.entries(resources)) {
      const answer = answers.get(`OPTIONS ${path}`);
      expect(answer, `OPTIONS ${path}`).toEqual({ status: 204, allow: allowed.join(", "), body: "" });
    }
  });

  it("answers every method at an address with nothing there with 404", () => {
    for (const method of methods) expect(answers.get(`${method} /no-such-page`)?.status, method).toBe(404);
  });

  it("answers CONNECT with 405 instead of dropping the connection", async () => {
    const { hostname, port } = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: hostname, port, method: "CONNECT", path: "example.com:443" });
      req.on("connect", (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.on("response", (res) => resolve(res.statusCode ?? 0));
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(405);
  });

  it("lets the router's own data requests through: a form posted with JavaScript goes to <page>.data", async () => {
    const contact = await send(server.url, "POST", "/contact.data");
    expect(contact.status, "POST /contact.data").not.toBe(404);
    expect(contact.status, "POST /contact.data").not.toBe(405);
    for (const path of ["/testimonials.data", "/_root.data?_routes=root,routes/home", "/admin/spam.data"]) {
      const answer = await send(server.url, "GET", path);
      expect([404, 405], `GET ${path} → ${answer.status}`).not.toContain(answer.status);
    }
    expect((await send(server.url, "PUT", "/contact.data")).status).toBe(405);
  });

  it("writes nothing at error level for any of these client mistakes", () => {
    const errors = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":"error"'));
    expect(errors).toEqual([]);
  });
});
