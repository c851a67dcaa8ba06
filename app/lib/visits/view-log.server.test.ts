import { appendFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { followViewLog, type LoggedView, parseViewLine } from "./view-log.server";

const line = (...fields: string[]) => `${fields.join("\t")}\n`;

describe("a line of nginx's view log", () => {
  it("gives the time, page, referrer host, Host and campaign tags", () => {
    expect(
      parseViewLine("1795864698.701\t/about\twww.Bing.com\twww.example.com\tNews%20letter\temail\t%E2%82%AC\\x22x"),
    ).toEqual({
      at: 1_795_864_698_701,
      path: "/about",
      from: "www.bing.com",
      host: "www.example.com",
      search: '?utm_source=News%20letter&utm_medium=email&utm_campaign=%E2%82%AC"x',
    });
  });

  it("reads nginx's '-' as an empty field, and bytes it escaped as UTF-8", () => {
    expect(parseViewLine("1795864698.000\t/%C3%A9t%C3%A9\t-\twww.example.com\t-\t-\t-")).toEqual({
      at: 1_795_864_698_000,
      path: "/été",
      from: "",
      host: "www.example.com",
      search: "",
    });
    expect(parseViewLine("1795864698.000\t/\t-\th\t\\xC3\\xA9\t-\t-")?.search).toBe("?utm_source=é");
  });

  it("skips a line of another shape", () => {
    expect(parseViewLine("")).toBeUndefined();
    expect(parseViewLine("1795864698.000\t/about\t-\th\t-\t-")).toBeUndefined();
    expect(parseViewLine("soon\t/about\t-\th\t-\t-\t-")).toBeUndefined();
    expect(parseViewLine("1795864698.000\tabout\t-\th\t-\t-\t-")).toBeUndefined();
    expect(parseViewLine("1795864698.000\t/%E0%A4%A\t-\th\t-\t-\t-")).toBeUndefined();
  });
});

describe("following the view log", () => {
  let dir = "";
  let follower: ReturnType<typeof followViewLog> | undefined;
  afterEach(async () => {
    await follower?.stop();
    follower = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A log in a new folder, with `text` in it, or not there yet. */
  function logFile(text?: string) {
    dir = mkdtempSync(path.join(os.tmpdir(), "aquila-view-log-"));
    const file = path.join(dir, "views.log");
    if (text !== undefined) writeFileSync(file, text);
    return file;
  }

  function follow(file: string) {
    const seen: LoggedView[] = [];
    // An interval longer than any test: each read is asked for.
    follower = followViewLog(file, (view) => seen.push(view), { intervalMs: 60_000 });
    return { seen, read: () => follower?.readNow() };
  }

  const view = (page: string, ms = 1_795_864_698_000) => line(String(ms / 1000), page, "-", "h", "-", "-", "-");

  it("starts at the end: what was logged before it started is not counted again", async () => {
    const file = logFile(view("/old"));
    const { seen, read } = follow(file);
    await read();
    appendFileSync(file, view("/about") + view("/faq"));
    await read();
    expect(seen.map((v) => v.path)).toEqual(["/about", "/faq"]);
  });

  it("keeps a line nginx has not finished until it is", async () => {
    const file = logFile("");
    const { seen, read } = follow(file);
    await read();
    const whole = view("/product");
    appendFileSync(file, whole.slice(0, 10));
    await read();
    expect(seen).toEqual([]);
    appendFileSync(file, whole.slice(10));
    await read();
    expect(seen.map((v) => v.path)).toEqual(["/product"]);
  });

  it("reads a rotated log to its end, then the new one from its start", async () => {
    const file = logFile("");
    const { seen, read } = follow(file);
    await read();
    appendFileSync(file, view("/one"));
    await read();
    // logrotate renames; nginx writes its last block to the old file, then reopens on USR1.
    renameSync(file, `${file}.1`);
    appendFileSync(`${file}.1`, view("/two"));
    await read();
    writeFileSync(file, view("/three"));
    await read();
    appendFileSync(file, view("/four"));
    await read();
    expect(seen.map((v) => v.path)).toEqual(["/one", "/two", "/three", "/four"]);
  });

  it("reads a log cut short in place from its start", async () => {
    const file = logFile(view("/before"));
    const { seen, read } = follow(file);
    await read();
    appendFileSync(file, view("/one"));
    await read();
    truncateSync(file, 0);
    appendFileSync(file, view("/two"));
    await read();
    expect(seen.map((v) => v.path)).toEqual(["/one", "/two"]);
  });

  it("waits for a log that does not exist yet, and reads it whole once it does", async () => {
    const file = logFile();
    const { seen, read } = follow(file);
    await read();
    writeFileSync(file, view("/first"));
    await read();
    expect(seen.map((v) => v.path)).toEqual(["/first"]);
  });

  it("reads what is new once more when it stops", async () => {
    const file = logFile("");
    const { seen, read } = follow(file);
    await read();
    appendFileSync(file, view("/last"));
    await follower?.stop();
    follower = undefined;
    expect(seen.map((v) => v.path)).toEqual(["/last"]);
  });
});
