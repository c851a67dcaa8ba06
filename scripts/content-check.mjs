// Lists every placeholder still in app/content/*.ts (what the company must replace before launch),
// then every claim the company has not yet reviewed; nothing to edit here.
//
// Run: npm run content:check   (or: node scripts/content-check.mjs)
//
// It imports each content module and walks what it exports: every object with
// `placeholder: true` is reported with where it is (the export and the position in it), its
// `todo`, and the line of that todo in the file to jump to. The claims come from
// app/content/claims.ts (`claimsForReview`), each with where visitors read it, until its
// `reviewed` is true. Always exits 0: both are a to-do list, not an error.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importSource } from "./import-source.mjs";

const contentDir = fileURLToPath(new URL("../app/content", import.meta.url));

/** Every object with `placeholder: true` inside `value`, with its path ("manuals[2]"). */
function placeholdersIn(value, where, seen = new Set()) {
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  const own = value.placeholder === true ? [{ where, todo: typeof value.todo === "string" ? value.todo : null }] : [];
  const children = Array.isArray(value)
    ? value.flatMap((item, index) => placeholdersIn(item, `${where}[${index}]`, seen))
    : Object.entries(value).flatMap(([key, item]) => placeholdersIn(item, `${where}.${key}`, seen));
  return [...own, ...children];
}

/** The line where `todo` is written in `source` (for an editor to jump to), or undefined. */
function lineOf(source, todo) {
  const index = todo ? source.indexOf(JSON.stringify(todo).slice(1, -1)) : -1;
  return index < 0 ? undefined : source.slice(0, index).split("\n").length;
}

const files = readdirSync(contentDir)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts"))
  .sort();

const found = [];
for (const name of files) {
  const file = `app/content/${name}`;
  const source = readFileSync(join(contentDir, name), "utf8");
  const module = /** @type {Record<string, unknown>} */ (await importSource(file));
  // An object exported under two names is still one placeholder.
  const seen = new Set();
  for (const [exported, value] of Object.entries(module)) {
    for (const item of placeholdersIn(value, exported, seen))
      found.push({ file, line: lineOf(source, item.todo), ...item });
  }
}

const { claimsForReview } = /** @type {typeof import("../app/content/claims")} */ (
  await importSource("app/content/claims.ts")
);
const unreviewed = claimsForReview.filter((claim) => !claim.reviewed);

if (found.length === 0) {
  console.log("No placeholders left in app/content.");
} else {
  console.log("Placeholders still in the content (replace these before launch):\n");
  for (const item of found) {
    console.log(`${item.file}${item.line ? `:${item.line}` : ""} (${item.where})`);
    console.log(`  ${item.todo ?? "(no todo: describe what is needed next to `placeholder: true`)"}`);
  }
  console.log(
    `\n${found.length} placeholder${found.length === 1 ? "" : "s"} in ${new Set(found.map((item) => item.file)).size} file(s).`,
  );
}

if (unreviewed.length === 0) {
  console.log("\nEvery claim in app/content/claims.ts has been reviewed.");
} else {
  console.log(
    "\nClaims for the company's regulatory review (set `reviewed: true` in app/content/claims.ts once each may stand):\n",
  );
  for (const claim of unreviewed) console.log(`- "${claim.text}" (${claim.where})`);
  console.log(`\n${unreviewed.length} claim${unreviewed.length === 1 ? "" : "s"} to review.`);
}
if (found.length === 0 && unreviewed.length === 0) console.log("\nReady for launch.");
process.exit(0);
