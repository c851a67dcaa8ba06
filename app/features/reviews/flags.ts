import {
  claimWords,
  offLabelWords,
  personalDataWords,
  reviewFlagCategories,
  reviewFlagInfo,
  type ReviewFlagCategory,
} from "~/content/review-flags";

/**
 * Finds the words in a customer review that staff must look at before publishing it. This only
 * points; staff decide. Runs in the browser and on the server, so it stays pure.
 */
export interface ReviewFlag {
  category: ReviewFlagCategory;
  label: string;
  why: string;
  /** The flagged text exactly as written, text.slice(start, end). */
  match: string;
  start: number;
  end: number;
}

export interface ReviewFlagSummary {
  category: ReviewFlagCategory;
  label: string;
  why: string;
  /** Each flagged word once, spelled as first written. */
  matches: string[];
}

export interface HighlightSegment {
  text: string;
  flag?: ReviewFlag;
}

// Every pattern below is built so each character is tried a bounded number of times: no nested
// unbounded quantifiers over overlapping classes, so a hostile 20,000-character review cannot stall the queue.

/** A word character in any script, so boundaries hold around "Zoë" or "Øystein" where \b would not. */
const WORD = String.raw`\p{L}\p{N}_`;
// The boundary before a word is consumed as group 1 rather than written as a lookbehind, which
// Safari only parses since 16.4: an older Safari would fail to load the whole admin page.
const START = `(^|[^${WORD}])`;
const END = `(?![${WORD}])`;
/** Up to n words between two phrases, never across a full stop or a comma: "healed my stage 3 pressure sore". */
const gap = (n: number) => String.raw`(?:\s+[${WORD}'’-]+){0,${n}}?`;

/** Turns a phrase written by staff in app/content/review-flags.ts into a pattern, by the rules written at the top of that file. */
function phraseSource(phrase: string): string {
  const trimmed = phrase.trim();
  const exactCase = trimmed === trimmed.toUpperCase() && trimmed !== trimmed.toLowerCase();
  let source = "";
  let inSpace = false;
  for (const ch of trimmed) {
    if (/[\s-]/u.test(ch)) {
      if (!inSpace) source += String.raw`[\s-]+`;
      inSpace = true;
      continue;
    }
    inSpace = false;
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    if (ch === "'" || ch === "’") source += "['’]";
    // One-letter classes rather than the i flag, so a name pattern can sit in the same regex and still need its capital.
    else if (!exactCase && lower !== upper && lower.length === 1 && upper.length === 1) source += `[${lower}${upper}]`;
    else source += ch.replace(/[\\^$.*+?()[\]{}|/]/gu, String.raw`\$&`);
  }
  return source;
}

/** Longest phrases first, so "pressure sores" is preferred to "sore" where both fit. */
function anyOf(phrases: readonly string[]): string {
  const unique = [...new Set(phrases.map((p) => p.trim()).filter((p) => p.length > 0))];
  return `(?:${unique
    .sort((a, b) => b.length - a.length)
    .map(phraseSource)
    .join("|")})`;
}

const wholeWords = (body: string) => new RegExp(`${START}(${body})${END}`, "gu");

const conditions = anyOf(claimWords.conditions);
const healthTerms = anyOf([...personalDataWords.healthTerms, ...claimWords.conditions]);

/** A capitalised name, including "O'Brien", "McDonald" and "Jean-Luc", but not "MS" or "ALS". */
const NAME_WORD = String.raw`\p{Lu}\p{Ll}*(?:[-'’]?\p{Lu}\p{Ll}+){0,3}`;
const NAME = String.raw`${NAME_WORD}(?:[^\S\n]+${NAME_WORD})?`;
const notNames = new Set<string>(personalDataWords.notNames);

interface Found {
  category: ReviewFlagCategory;
  start: number;
  end: number;
}

interface Rule {
  category: ReviewFlagCategory;
  regex: RegExp;
  /** Narrows or refuses a candidate; by default the whole of group 2 is flagged. */
  accept?: (match: string) => { from: number; to: number } | null;
  /** Also looks inside each find, so "in my car seat" finds "car seat" too and the two merge into one highlight. */
  overlapping?: boolean;
}

/** Phone numbers are told from years, ranges and prices by their digit count, not by their shape alone. */
function acceptPhone(match: string): { from: number; to: number } | null {
  let to = match.length;
  // "(call 555-123-4567)": the closing bracket belongs to the sentence, not to the number.
  if (match.endsWith(")") && (match.match(/\(/gu)?.length ?? 0) < (match.match(/\)/gu)?.length ?? 0)) to -= 1;
  const number = match.slice(0, to);
  const digits = number.replace(/\D/gu, "").length;
  if (digits > 15) return null;
  if (digits >= 10 || (number.startsWith("+") && digits >= 8) || /^\d{3}[.-]\d{4}$/u.test(number))
    return { from: 0, to };
  return null;
}

const simpleRules: readonly Rule[] = [
  { category: "claim", regex: wholeWords(anyOf(claimWords.always)), overlapping: true },
  { category: "claim", regex: wholeWords(`${anyOf(claimWords.before)}${gap(4)}\\s+${conditions}`), overlapping: true },
  { category: "claim", regex: wholeWords(`${conditions}${gap(3)}\\s+${anyOf(claimWords.after)}`), overlapping: true },
  { category: "off-label", regex: wholeWords(anyOf(Object.values(offLabelWords).flat())), overlapping: true },
  {
    category: "personal-data",
    // Every part has a length limit: an unlimited local part makes "aaaa…" without an @ quadratic.
    regex:
      /(^|[^\p{L}\p{N}._%+-])([\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,24})(?![\p{L}\p{N}-])/gu,
  },
  {
    category: "personal-data",
    // Digit groups joined by exactly one separator, so a run of digits can only be split one way.
    // Not after "$", "-", "/", "." or ",", and not before "/10" or ",200": prices, ratings, order references and decimals.
    regex:
      /(^|[^\p{L}\p{N}_$£€.,/+-])(\+?\(?\d{1,12}(?:(?:\)?[ .-]\(?|\)|\()\d{1,12}){0,6}\)?)(?![\p{L}\p{N}_]|[.,/]\d)/gu,
    accept: acceptPhone,
  },
  {
    category: "personal-data",
    regex: wholeWords(
      String.raw`\d{1,5}[A-Za-z]?,?\s+(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?:${personalDataWords.streetSuffixes.map((s) => `[${s[0]?.toUpperCase()}${s[0]?.toLowerCase()}]${s.slice(1)}`).join("|")})`,
    ),
  },
];

/** "my late wife Anna": the relation phrase and the name. Only counted when the review also mentions health. */
const relationName = new RegExp(
  `${START}(${anyOf(personalDataWords.owners)}${gap(2)}\\s+${anyOf(personalDataWords.relations)},?[^\\S\\n]+)(${NAME})${END}`,
  "gu",
);
/** "Tom was diagnosed", "Anna has MS": a name followed closely by a health word. */
const nameWithHealth = new RegExp(
  `${START}(${NAME})\\s+${anyOf(personalDataWords.healthVerbs)}${gap(2)}\\s+${healthTerms}${END}`,
  "gu",
);
/** "Tom's pressure ulcer". */
const possessiveHealth = new RegExp(`${START}(${NAME})['’]s${gap(2)}\\s+${healthTerms}${END}`, "gu");
const mentionsHealth = new RegExp(`${START}${healthTerms}${END}`, "u");
const nameWord = new RegExp(`${START}(${NAME_WORD})${END}`, "gu");

/** The words of a matched name that are really a name: "Then Tom" is "Tom", "It" is nobody. */
function realNameWords(name: string): string[] {
  return name.split(/\s+/u).filter((word) => word.length > 1 && !notNames.has(word));
}

/**
 * Another person's name is only personal health data next to health details, so names are
 * flagged once a pattern ties one to health, and then everywhere that name appears.
 */
function findNames(text: string): Found[] {
  const found: Found[] = [];
  const names = new Set<string>();
  if (mentionsHealth.test(text)) {
    for (const m of text.matchAll(relationName)) {
      const words = realNameWords(m[3] ?? "");
      if (words.length === 0) continue;
      words.forEach((w) => names.add(w));
      const start = m.index + (m[1]?.length ?? 0);
      // Ends after the last real name word, so "my wife Anna And" stops at "Anna".
      const nameStart = start + (m[2]?.length ?? 0);
      const lastWord = words[words.length - 1] ?? "";
      const end = nameStart + (m[3] ?? "").lastIndexOf(lastWord) + lastWord.length;
      found.push({ category: "personal-data", start, end });
    }
  }
  for (const regex of [nameWithHealth, possessiveHealth]) {
    for (const m of text.matchAll(regex)) realNameWords(m[2] ?? "").forEach((w) => names.add(w));
  }
  if (names.size === 0) return found;
  let previous: Found | undefined;
  for (const m of text.matchAll(nameWord)) {
    const word = m[2] ?? "";
    if (!names.has(word)) continue;
    const start = m.index + (m[1]?.length ?? 0);
    const end = start + word.length;
    // "Anna Jones" is one name to remove, so one highlight.
    if (previous && /^[^\S\n]$/u.test(text.slice(previous.end, start))) previous.end = end;
    else {
      previous = { category: "personal-data", start, end };
      found.push(previous);
    }
  }
  return found;
}

function findAll(text: string): Found[] {
  const found: Found[] = [];
  for (const rule of simpleRules) {
    // A copy, so the shared regex keeps no position between calls.
    const regex = new RegExp(rule.regex);
    for (let m = regex.exec(text); m; m = regex.exec(text)) {
      const body = m[2] ?? "";
      const start = m.index + (m[1]?.length ?? 0);
      const range = rule.accept ? rule.accept(body) : { from: 0, to: body.length };
      if (range && range.to > range.from)
        found.push({ category: rule.category, start: start + range.from, end: start + range.to });
      // Past the whole first character: inside an emoji's surrogate pair a u-regex may step back and loop.
      if (rule.overlapping) regex.lastIndex = start + ((text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
    }
  }
  return [...found, ...findNames(text)];
}

const categoryOrder = (category: ReviewFlagCategory) => reviewFlagCategories.indexOf(category);

/** Overlapping finds of one category become one flag: "healed my sore" and "sore is gone" are one claim to reword. */
function mergeWithinCategory(found: readonly Found[]): Found[] {
  const merged: Found[] = [];
  for (const category of reviewFlagCategories) {
    let current: Found | undefined;
    for (const f of found.filter((x) => x.category === category).sort((a, b) => a.start - b.start || b.end - a.end)) {
      if (current && f.start < current.end) current.end = Math.max(current.end, f.end);
      else {
        current = { ...f };
        merged.push(current);
      }
    }
  }
  return merged;
}

export function flagReview(text: string): ReviewFlag[] {
  if (typeof text !== "string" || text.length === 0) return [];
  const sorted = mergeWithinCategory(findAll(text)).sort(
    (a, b) => a.start - b.start || categoryOrder(a.category) - categoryOrder(b.category) || a.end - b.end,
  );
  const seen = new Set<string>();
  const flags: ReviewFlag[] = [];
  for (const f of sorted) {
    const key = `${f.start}:${f.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    flags.push({
      category: f.category,
      ...reviewFlagInfo[f.category],
      match: text.slice(f.start, f.end),
      start: f.start,
      end: f.end,
    });
  }
  return flags;
}

/**
 * Splits the text into plain and flagged pieces that join back into exactly the text. Overlapping
 * flags become one piece carrying the first, so no character is shown twice.
 */
export function highlightSegments(text: string, flags: readonly ReviewFlag[]): HighlightSegment[] {
  const usable = flags
    .filter(
      (f) =>
        Number.isInteger(f.start) && Number.isInteger(f.end) && f.start >= 0 && f.end <= text.length && f.start < f.end,
    )
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: HighlightSegment[] = [];
  let position = 0;
  let current: { start: number; end: number; flag: ReviewFlag } | undefined;
  const flush = () => {
    if (!current) return;
    if (current.start > position) segments.push({ text: text.slice(position, current.start) });
    segments.push({ text: text.slice(current.start, current.end), flag: current.flag });
    position = current.end;
    current = undefined;
  };
  for (const flag of usable) {
    if (current && flag.start < current.end) current.end = Math.max(current.end, flag.end);
    else {
      flush();
      current = { start: flag.start, end: flag.end, flag };
    }
  }
  flush();
  if (position < text.length) segments.push({ text: text.slice(position) });
  return segments;
}

/** One entry per category present, in category order, for the note above a review in the queue. */
export function flagSummary(flags: readonly ReviewFlag[]): ReviewFlagSummary[] {
  return reviewFlagCategories.flatMap((category) => {
    const inCategory = flags.filter((f) => f.category === category);
    if (inCategory.length === 0) return [];
    const matches = new Map<string, string>();
    for (const f of inCategory) {
      const key = f.match.toLowerCase().replace(/\s+/gu, " ");
      if (!matches.has(key)) matches.set(key, f.match);
    }
    return [{ category, ...reviewFlagInfo[category], matches: [...matches.values()] }];
  });
}

/**
 * A review ready to draw with its flags: the quote in pieces, and what to check across the quote
 * and the context line (each read once). Plain data, so a loader can send it and the page needs
 * no word lists.
 */
export interface FlaggedText {
  segments: Array<{ text: string; label?: string }>;
  summary: ReviewFlagSummary[];
}

export function flagReviewText(quote: string, context: string | null = null): FlaggedText {
  const flags = flagReview(quote);
  return {
    segments: highlightSegments(quote, flags).map((s) =>
      s.flag ? { text: s.text, label: s.flag.label } : { text: s.text },
    ),
    summary: flagSummary(context ? [...flags, ...flagReview(context)] : flags),
  };
}
