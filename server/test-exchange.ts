import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";

/** Just enough of a request and a response for the cache: headers kept, body written, "finish" and "close" on end. */
export function exchange(method: string, url: string, cookie?: string) {
  const req = Object.assign(new EventEmitter(), {
    method,
    url,
    headers: cookie ? { cookie } : {},
  }) as unknown as IncomingMessage;
  const headers = new Map<string, unknown>();
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    body: "",
    ended: false,
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
      res.ended = true;
      res.emit("finish");
      res.emit("close");
      return res;
    },
  });
  return { req, res: res as unknown as ServerResponse & { body: string; ended: boolean } };
}
