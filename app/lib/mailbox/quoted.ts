/**
 * An email answer as people write them: their new words on top, then what they answer, quoted by
 * their mail client. Staff read the new words; the rest is kept, folded away. Only what a mail
 * client writes to begin a quote starts the fold, so a text that merely contains "wrote:" or a
 * quoted line among the new words is shown whole.
 */

export interface SplitAnswer {
  /** What they wrote this time. */
  body: string;
  /** The history their mail client quoted, from its opening line; null when there is none. */
  quoted: string | null;
}

/** Lines that open a quoted history in the common mail clients. */
const openers: ReadonlyArray<(lines: readonly string[], at: number) => boolean> = [
  // Gmail, Apple Mail, Thunderbird: "On Mon, Nov 30, 2026 at 9:14 AM Aquila <support@…> wrote:",
  // which Gmail wraps onto a second line when it is long.
  (lines, at) =>
    /^On\b.{4,}\bwrote:\s*$/.test(lines[at]!) ||
    (/^On\b.{4,}$/.test(lines[at]!) && /^.{0,120}\bwrote:\s*$/.test(lines[at + 1] ?? "")),
  // Outlook: "-----Original Message-----", or a block of From:/Sent:/To:/Subject: lines.
  (lines, at) => /^-{2,}\s*Original Message\s*-{2,}\s*$/i.test(lines[at]!),
  (lines, at) =>
    /^\*?From:\*?\s.+/.test(lines[at]!) &&
    lines.slice(at + 1, at + 5).some((line) => /^\*?(Sent|Date):\*?\s.+/.test(line)),
  // A forwarded or replied message in some clients.
  (lines, at) => /^_{10,}\s*$/.test(lines[at]!) && /^\*?From:/.test(lines[at + 1] ?? ""),
];

/**
 * Takes the quoted history off an answer's text: from the first line a mail client writes to open
 * one, or else the block of "> " lines that ends it. Signatures stay with the new words.
 */
export function splitQuoted(text: string): SplitAnswer {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let start = lines.findIndex((_, at) => openers.some((opens) => opens(lines, at)));
  if (start === -1) {
    // Only a quote that runs to the end: an answer written between quoted lines keeps them all.
    let end = lines.length;
    while (end > 0 && lines[end - 1]!.trim() === "") end--;
    let at = end;
    while (at > 0 && (lines[at - 1]!.startsWith(">") || (lines[at - 1]!.trim() === "" && at < end))) at--;
    while (at < end && lines[at]!.trim() === "") at++;
    start = at < end && lines.slice(at, end).some((line) => line.startsWith(">")) ? at : -1;
  }
  if (start <= 0) return { body: text.trim(), quoted: null };
  const body = lines.slice(0, start).join("\n").trim();
  const quoted = lines.slice(start).join("\n").trim();
  // Nothing new above the quote: show it all rather than an empty answer.
  if (body === "") return { body: text.trim(), quoted: null };
  return { body, quoted: quoted === "" ? null : quoted };
}
