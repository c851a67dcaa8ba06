// A stand-in for the hosted order form, so the order page's frame can be tested offline.
import { createServer } from "node:http";

const port = Number(process.env.PORT);
createServer((req, res) => {
  if (req.url?.startsWith("/healthz")) {
    res.end("ok");
    return;
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(
    `<!doctype html><html lang="en"><title>Order request form</title><h1>Stand-in order form</h1><form><label>First name <input name="firstName"></label></form></html>`,
  );
}).listen(port, "127.0.0.1");
