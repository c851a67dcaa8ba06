import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { until } from "../support/until";
import { expect } from "./fixtures";
import { e2eRows } from "./seed";

/**
 * The browser tests of the admin's content pages share one site with every other spec: what one
 * publishes, the others' pages show at once. So a test changes only what no other spec reads,
 * notes the item as it found it, and puts it back when it ends, whatever happened.
 */

/** A content item as the e2e server stores it: what is published, and the revision of a draft if one waits. */
export interface StoredItem {
  version: number;
  body: string;
  draftRevision: number | undefined;
}

/**
 * Runs `run` while no other test of the run changes the item `key` (one that two specs change:
 * the owners, say), so neither meets the other's publish as a conflict and each puts back what it
 * found. A file beside the e2e database marks the holder by its process; a holder that has ended
 * without letting go (a worker stopped at a timeout) holds nothing.
 */
export async function withItemToItself<T>(key: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through Playwright.");
  const mark = path.join(dir, `${key}.item-held`);
  const holder = `${process.pid} ${Math.random()}`;
  const taken = () => {
    try {
      writeFileSync(mark, holder, { flag: "wx" });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const found = readMark(mark);
    const pid = Number.parseInt(found, 10);
    // (Empty for the moment between its making and its writing.) A worker runs one test at a
    // time, so its own mark is one a test of it left behind.
    const left = Number.isInteger(pid) && (pid === process.pid || !processRuns(pid));
    if (left && readMark(mark) === found) rmSync(mark, { force: true });
    return false;
  };
  await until(async () => taken(), 90_000, `no other test changes the content item ${key}`);
  try {
    return await run();
  } finally {
    if (readMark(mark) === holder) rmSync(mark, { force: true });
  }
}

function readMark(mark: string): string {
  try {
    return readFileSync(mark, "utf8");
  } catch {
    return "";
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Read with a query of the test's own, not through the pages under test. */
export function storedItem(key: string): StoredItem {
  const [row] = e2eRows("select version, body from content_items where key = ?", key);
  if (!row) throw new Error(`the content item ${key} is not stored`);
  const [draft] = e2eRows("select revision from content_drafts where key = ?", key);
  return {
    version: Number(row.version),
    body: String(row.body),
    draftRevision: draft === undefined ? undefined : Number(draft.revision),
  };
}

/** The item's published value, parsed. */
export function publishedValue<T>(item: StoredItem): T {
  return JSON.parse(item.body) as T;
}

/**
 * Leaves the item published as it was in `start`, with no draft, through the admin's own actions
 * (posted as its form posts them, with the signed-in staff member's cookies): the draft
 * discarded, or the version published then restored. Nothing is done when it is so already.
 */
export async function putBack(page: Page, key: string, start: StoredItem) {
  const now = storedItem(key);
  if (now.body === start.body && now.draftRevision === undefined) return;
  const edition = `${now.version}.${now.draftRevision ?? 0}`;
  const form: Record<string, string> =
    now.body === start.body
      ? { edition, intent: "discard" }
      : { edition, intent: "restore", version: String(start.version) };
  const response = await page.request.post(`/admin/content/${key}`, { form });
  expect(response.status(), `putting ${key} back as version ${start.version}`).toBe(200);
  const after = storedItem(key);
  expect({ body: after.body, draftRevision: after.draftRevision }, `${key} as it was`).toEqual({
    body: start.body,
    draftRevision: undefined,
  });
}

/** A public page as an anonymous visitor gets it (a request context with no staff session). */
export async function publicHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/**
 * How long these tests wait for a publish to show on the public pages. The promise (within 5 s on
 * every page of two instances and behind nginx) is measured where nothing else shares the machine's
 * time: tests/integration/content-publish.test.ts, run last and alone. Here a
 * publish shares three browsers and the other specs' work, and may wait for another test's redraw
 * of the prerendered pages (on a machine at a load of 13 on two cores, one in about eight took up
 * to 6.2 s), so these tests check that it arrives, and allow twice the promise.
 */
export const publishShownWithinMs = 10_000;

/**
 * Waits until every one of `paths` reads `text` for an anonymous visitor (or none does, with
 * `shown: false`): a publish promises every page within seconds, prerendered or kept. `text` is
 * looked for in the HTML as sent, so it should hold nothing HTML escapes.
 */
export async function expectPublic(
  request: APIRequestContext,
  paths: readonly string[],
  text: string,
  { shown = true, timeout = publishShownWithinMs }: { shown?: boolean; timeout?: number } = {},
) {
  const behind = async () => {
    const pages = await Promise.all(paths.map((path) => publicHtml(request, path)));
    return paths.filter((_, index) => pages[index]!.includes(text) !== shown);
  };
  await expect
    .poll(behind, { message: `pages that ${shown ? "do not show" : "still show"} “${text}”`, timeout })
    .toEqual([]);
}
