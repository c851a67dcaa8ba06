import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every citation of docs/requirements.md names a section that exists, and nothing cites a
 * specification the repository does not hold: the requirements are docs/requirements.md.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const requirementsFile = "docs/requirements.md";
const thisFile = path.relative(root, new URL(import.meta.url).pathname);

/** Built, installed or generated folders, and every dot-folder (.git, .react-router, …). */
const skipped = new Set(["node_modules", "build", "test-results", "playwright-report", "reports", "data", "public"]);

function sourceFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || skipped.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs|md)$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

/** The section numbers of docs/requirements.md: a heading whose text starts with its number. */
export function sectionNumbers(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,6} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]!));
}

/**
 * The sections a text cites: each `§N.N` that follows `requirements.md` (as in "requirements.md
 * §5.2 and §3.4"), and, in a text that cites the requirements at all (or is them), every `§N.N`:
 * a comment may say "§3.4" once its file has named the document.
 */
export function citedSections(text: string): string[] {
  if (!/requirements\.md/.test(text) && !/^# Requirements$/m.test(text)) return [];
  return [...text.matchAll(/§(\d+(?:\.\d+)*)/g)].map((m) => m[1]!);
}

/** Wordings that cite the outside specification, its sections or its rulings file, instead of a section here. */
const bareReferences = [
  /\b(?:the|product) spec(?:ification)?\b/i,
  /\bspec's\b/i,
  /\bspec (?:sections?|payloads?|field names)\b/i,
  /\bdecisions\.md\b/i,
  /\bsections? \d/i,
];

export function bareReferencesIn(text: string): string[] {
  return text.split("\n").flatMap((line, index) => {
    const found = bareReferences.map((pattern) => pattern.exec(line)?.[0]).find((m) => m !== undefined);
    return found === undefined ? [] : [`${index + 1}: "${found}"`];
  });
}

describe("references to the requirements", () => {
  const sections = sectionNumbers(readFileSync(path.join(root, requirementsFile), "utf8"));
  const files = sourceFiles().filter((file) => file !== thisFile);

  it("reads the numbered sections of the requirements", () => {
    expect(sections.has("1")).toBe(true);
    expect(sections.has("5.2")).toBe(true);
  });

  it("cites only sections that exist", () => {
    const missing = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      return citedSections(text)
        .filter((n) => !sections.has(n))
        .map((n) => `${file}: §${n}`);
    });
    expect(missing).toEqual([]);
  });

  it("never cites the specification or its rulings without a section", () => {
    const bare = files.flatMap((file) =>
      bareReferencesIn(readFileSync(path.join(root, file), "utf8")).map((where) => `${file}:${where}`),
    );
    expect(bare).toEqual([]);
  });

  it("tells a good citation from a bad one", () => {
    expect(citedSections("see docs/requirements.md §5.2 and §3.4, then §9")).toEqual(["5.2", "3.4", "9"]);
    expect(citedSections("16 CFR §465")).toEqual([]);
    expect(bareReferencesIn("// the spec's payloads\n// the payloads of docs/requirements.md §5.2")).toEqual([
      `1: "the spec"`,
    ]);
  });
});
