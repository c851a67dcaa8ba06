import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, crc32, deflateRaw, gzipSync } from "node:zlib";
import { promisify } from "node:util";
import { ticketValuePattern } from "../app/lib/form-ticket";
import { acceptsEncoding } from "./static-files";

/**
 * A kept page whose forms carry a ticket (app/lib/form-ticket.server.ts), sent with a new ticket
 * in each of them per response without compressing the page again.
 *
 * The page is cut at each ticket's place in its `value` attribute. Each piece between is
 * compressed once, by a compressor of its own that ends byte-aligned without ending the stream
 * (a sync flush). A response is then a gzip header, the pieces with each ticket between them as a
 * stored (uncompressed) block, and the trailer: the CRC-32 of the page as sent and its length.
 *
 * A piece may still refer back to the page before it, as one compressor would (the header and
 * menu repeat below a form): it is compressed with the 32 KB before it as its dictionary, with
 * each ticket there written as NUL bytes, which no page contains, so no match reaches into a
 * ticket. The distances hold as long as every ticket has the length of the one rendered; one that
 * does not is sent with the page compressed whole. Brotli has no such seam, so a client that
 * accepts both gets gzip, a few percent larger.
 *
 * The page has no ETag: no two responses are the same, and a copy revalidated from a browser's
 * cache would carry a ticket already shown.
 */

export interface TicketedPage {
  /** The page's bytes between the tickets (one more than there are tickets). */
  pieces: Buffer[];
  /** Each piece deflated on its own: every one but the last ends with a sync flush, the last ends the stream. */
  deflated: Buffer[];
  /** The length in bytes of each ticket's place. */
  widths: number[];
  /** The CRC-32 of each piece, and the operators that shift a CRC past each piece and each ticket (`crcShift`). */
  crcs: number[];
  pieceShifts: number[];
  ticketShifts: number[];
  /** The pieces' length in bytes, all together. */
  piecesLength: number;
  /** The headers of every answer but the length and encoding. */
  headers: Array<[string, string]>;
}

const deflateRawAsync = promisify(deflateRaw);
/** The gzip member header: deflate, no flags, no time, no extra fields, OS unknown. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** Where the tickets are in a rendered page: the [start, end) of each `value`. None: an ordinary page. */
export function ticketPlaces(body: string): Array<[number, number]> {
  const places: Array<[number, number]> = [];
  for (const match of body.matchAll(ticketValuePattern)) {
    const end = (match.index ?? 0) + match[0].length - 1;
    places.push([end - (match[1] ?? "").length, end]);
  }
  return places;
}

/** Cuts the page at its tickets (places counted in UTF-16 code units of `body`) and compresses each piece once. */
export async function prepareTicketed(
  body: string,
  places: Array<[number, number]>,
  headers: Record<string, string>,
): Promise<TicketedPage> {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const [start, end] of places) {
    pieces.push(Buffer.from(body.slice(from, start), "utf8"));
    from = end;
  }
  pieces.push(Buffer.from(body.slice(from), "utf8"));
  const widths = places.map(([start, end]) => Buffer.byteLength(body.slice(start, end), "utf8"));
  // What a decompressor has seen before each piece, with the tickets as NUL bytes.
  const before = pieces.map((_, index) =>
    Buffer.concat(pieces.slice(0, index).flatMap((piece, n) => [piece, Buffer.alloc(widths[n] ?? 0)])).subarray(
      -32 * 1024,
    ),
  );
  const deflated = await Promise.all(
    pieces.map((piece, index) =>
      deflateRawAsync(piece, {
        level: 9,
        finishFlush: index < pieces.length - 1 ? constants.Z_SYNC_FLUSH : constants.Z_FINISH,
        ...(index > 0 ? { dictionary: before[index] } : {}),
      }),
    ),
  );
  return {
    pieces,
    deflated,
    widths,
    crcs: pieces.map((piece) => crc32(piece)),
    pieceShifts: pieces.map((piece) => crcShift(piece.length)),
    ticketShifts: widths.map(crcShift),
    piecesLength: pieces.reduce((sum, piece) => sum + piece.length, 0),
    headers: Object.entries(headers),
  };
}

/**
 * CRC-32 arithmetic, as zlib's crc32_combine does it (crc32.c: multmodp, x2nmodp): a CRC is a
 * polynomial over GF(2), reflected. The CRC of A followed by B is crc(A) times x^(8·|B|), modulo
 * the CRC's polynomial, plus crc(B); the operator x^(8·|B|) depends on B's length alone, so it is
 * made once per piece and ticket length.
 */
const crcPolynomial = 0xedb88320;

/** a(x)·b(x) modulo the CRC's polynomial. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ crcPolynomial : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^n) modulo the polynomial, for n from 0 to 31. */
const powersOfX = (() => {
  const powers: number[] = [];
  let power = 0x40000000; // x^1
  for (let n = 0; n < 32; n++) {
    powers.push(power);
    power = multiplyModP(power, power);
  }
  return powers;
})();

/** The operator that shifts a CRC past `bytes` bytes: x^(8·bytes) modulo the polynomial. */
export function crcShift(bytes: number): number {
  let operator = 0x80000000; // x^0
  for (let n = 3, rest = bytes; rest > 0; rest >>>= 1, n++) {
    if (rest & 1) operator = multiplyModP(powersOfX[n & 31] ?? 0, operator);
  }
  return operator;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and the shift for B's length. */
export function combineCrc(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** A stored deflate block holding `bytes` (up to 65,535), not the last of the stream. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The page with `tickets` in its places, gzipped when `gzip`: the parts to write, in order. */
export function assemble(page: TicketedPage, tickets: string[], gzip: boolean): Buffer[] {
  const filled = tickets.map((ticket) => Buffer.from(ticket, "latin1"));
  const plain = page.pieces.flatMap((piece, index) =>
    index < filled.length ? [piece, filled[index] as Buffer] : [piece],
  );
  if (!gzip) return plain;
  if (filled.length !== page.widths.length || filled.some((ticket, index) => ticket.length !== page.widths[index]))
    return [gzipSync(Buffer.concat(plain), { level: 6 })];
  // The CRC of the page as sent, from each piece's (computed once) and each ticket's: a response
  // reads its tickets, not the whole page again.
  let crc = page.crcs[0] ?? 0;
  let length = page.piecesLength;
  const parts: Buffer[] = [gzipHeader];
  page.deflated.forEach((deflated, index) => {
    parts.push(deflated);
    const ticket = filled[index];
    if (!ticket) return;
    crc = combineCrc(crc, crc32(ticket), page.ticketShifts[index] ?? 0);
    crc = combineCrc(crc, page.crcs[index + 1] ?? 0, page.pieceShifts[index + 1] ?? 0);
    length += ticket.length;
    parts.push(storedBlock(ticket));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return parts;
}

/** Answers with the page and a new ticket in each of its places, from `issue`. */
export function sendTicketed(req: IncomingMessage, res: ServerResponse, page: TicketedPage, issue: () => string) {
  const gzip = acceptsEncoding(req.headers["accept-encoding"], "gzip");
  const body = Buffer.concat(
    assemble(
      page,
      page.pieces.slice(1).map(() => issue()),
      gzip,
    ),
  );
  const headers: string[] = page.headers.flat();
  if (gzip) headers.push("Content-Encoding", "gzip");
  headers.push("Content-Length", String(body.length));
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
