import { createHash } from "node:crypto";
import type { Page as BrowserPage } from "@playwright/test";
import { ticketValuePattern } from "~/lib/form-ticket";

/** The value of each form's ticket in a page (decision 022), in order. */
export function ticketsIn(body: string): string[] {
  return [...body.matchAll(ticketValuePattern)].map((match) => match[1] ?? "");
}

/** The page with every form's ticket blanked: what is the same in every response of one kept copy. */
export function withoutTickets(body: string): string {
  return body.replace(ticketValuePattern, 'name="ticket" value=""');
}

export interface Page {
  status: number;
  headers: Headers;
  body: string;
  /**
   * Which kept copy answered: a hash of its body without tickets, when it came from memory (its
   * CSP lists its scripts' hashes; a render has a nonce). Null: rendered for this request.
   */
  kept: string | null;
}

/** Whether an answer came from memory (server/page-cache.ts): a kept copy's CSP lists its scripts' hashes, a render's has a nonce. */
export function servedFromMemory(status: number, csp: string | null | undefined): boolean {
  return status === 200 && !!csp && !csp.includes("'nonce-");
}

/** Reads an answer of the site, and tells whether it came from memory. */
export async function readPage(response: Response): Promise<Page> {
  const body = await response.text();
  const fromMemory = servedFromMemory(response.status, response.headers.get("content-security-policy"));
  const kept = fromMemory ? createHash("sha256").update(withoutTickets(body)).digest("base64url") : null;
  return { status: response.status, headers: response.headers, body, kept };
}

/** Opens `path` in the browser, and answers whether the page came from memory. */
export async function openedFromMemory(page: BrowserPage, path: string): Promise<boolean> {
  const response = await page.goto(path);
  return servedFromMemory(response?.status() ?? 0, response?.headers()["content-security-policy"]);
}

/**
 * Opens `path` until a kept copy answers, and answers whether one did: the first visit may render
 * the page, and a write by a test running beside the caller may end the kept copy between visits.
 */
export async function openKeptCopy(page: BrowserPage, path: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) if (await openedFromMemory(page, path)) return true;
  return false;
}
