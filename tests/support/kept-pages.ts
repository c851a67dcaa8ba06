import { createHash } from "node:crypto";

/** The value of each form's ticket in a page (decision 022), in order. */
export function ticketsIn(body: string): string[] {
  return [...body.matchAll(/name="ticket" value="([^"]*)"/g)].map((match) => match[1] ?? "");
}

/** The page with every form's ticket blanked: what is the same in every response of one kept copy. */
export function withoutTickets(body: string): string {
  return body.replace(/name="ticket" value="[^"]*"/g, 'name="ticket" value=""');
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

/** Reads an answer of the site, and tells whether it came from memory (server/page-cache.ts). */
export async function readPage(response: Response): Promise<Page> {
  const body = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  const fromMemory = response.status === 200 && csp !== "" && !csp.includes("'nonce-");
  const kept = fromMemory ? createHash("sha256").update(withoutTickets(body)).digest("base64url") : null;
  return { status: response.status, headers: response.headers, body, kept };
}
