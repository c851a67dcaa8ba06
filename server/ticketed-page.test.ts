import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { assemble, combineCrc, crcShift, prepareTicketed, ticketPlaces } from "./ticketed-page";

const field = (ticket: string) => `<input type="hidden" name="ticket" value="${ticket}"/>`;

/** A page like a real one: long, repetitive markup, and text outside ASCII before and after the forms. */
function page(ticket: string) {
  const filler = Array.from(
    { length: 400 },
    (_, n) => `<li class="card">Review ${n}: «très confortable» — 5/5 ✓</li>`,
  ).join("");
  return `<!doctype html><ul>${filler}</ul><form>${field(ticket)}</form><p>Ça va ☺</p><dialog><form>${field(ticket)}</form></dialog>${filler}`;
}

describe("a page cut at its tickets", () => {
  it("finds each ticket's value, and nothing in a page without forms", () => {
    const html = page("t1.abc");
    const places = ticketPlaces(html);
    expect(places.map(([start, end]) => html.slice(start, end))).toEqual(["t1.abc", "t1.abc"]);
    expect(ticketPlaces("<main><p>No form here</p></main>")).toEqual([]);
  });

  it("makes, with new tickets, the same page as rendering it with them: as gzip and as is", async () => {
    const rendered = page("t1.rendered-at-first");
    const kept = await prepareTicketed(rendered, ticketPlaces(rendered), {});
    expect(kept.widths).toEqual([20, 20]);
    // Tickets as long as the rendered one, and (sent compressed whole) others.
    for (const tickets of [
      ["t1.first-ticket-here", "t1.second-ticket-now"],
      [
        "t1.lhx2k9.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb",
        "t1.lhx2k9.cccccccccccccccccccccc.dddddddddddddddddddddd",
      ],
      ["", "t1.x"],
    ]) {
      const expected = page("PLACE")
        .replace("PLACE", tickets[0] ?? "")
        .replace("PLACE", tickets[1] ?? "");
      expect(Buffer.concat(assemble(kept, tickets, false)).toString("utf8")).toBe(expected);
      // gunzip checks the CRC-32 and the length in the trailer as well as the blocks.
      expect(gunzipSync(Buffer.concat(assemble(kept, tickets, true))).toString("utf8")).toBe(expected);
    }
  });

  it("is compressed about as well as the whole page at once: what follows a form still refers back to what came before", async () => {
    const rendered = page("t1.x");
    const kept = await prepareTicketed(rendered, ticketPlaces(rendered), {});
    const parts = assemble(kept, ["t1.y", "t1.z"], true);
    // Tickets of the rendered one's length: spliced, not compressed again.
    expect(parts.length).toBeGreaterThan(1);
    const spliced = Buffer.concat(parts).length;
    const { gzipSync } = await import("node:zlib");
    expect(spliced).toBeLessThan(gzipSync(rendered, { level: 9 }).length * 1.1 + 64);
  });
});

describe("CRC-32 of a page put together from its parts", () => {
  it("equals the CRC of the whole, whatever the lengths", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [57, 1],
      [3_000, 57],
      [66_178, 65_535],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(combineCrc(crc32(first), crc32(second), crcShift(b))).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});
