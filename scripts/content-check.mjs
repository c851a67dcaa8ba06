// Lists every placeholder still in app/content/*.ts (what the company must replace before launch); nothing to edit here.
//
// Run: npm run content:check   (or: node scripts/content-check.mjs)
//
// Plain Node, no dependencies. It reads the content modules as text: every object that sets
// `placeholder: true` is reported with its file, line and the `todo:` that follows it. Type
// declarations (`placeholder: true;`, `placeholder?: true`) and comments are not counted.
// Always exits 0: placeholders are a to-do list, not an error.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const contentDir = join(root, "app/content");

/** `placeholder: true` as an object property: followed by a comma, a closing brace or the line end. */
const PLACEHOLDER = /\bplaceholder\s*:\s*true\s*(?:,|\}|$)/;
/** The start of a `todo:` property and its string literal, possibly on the following line. */
const TODO = /\btodo\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`)/s;
/** How far below a placeholder its todo may be (lines). */
const TODO_WINDOW = 12;

function isComment(line) {
  const trimmed = line.trim();
  return trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*");
}

/** The todo text nearest after `index`, or null. Stops at the next placeholder. */
function findTodo(lines, index) {
  const after = [];
  for (let i = index; i < Math.min(lines.length, index + TODO_WINDOW); i += 1) {
    if (i > index && PLACEHOLDER.test(lines[i]) && !isComment(lines[i])) break;
    after.push(i === index ? lines[i].slice(lines[i].search(PLACEHOLDER)) : lines[i]);
  }
  const match = TODO.exec(after.join("\n"));
  if (!match) return null;
  return (match[1] ?? match[2] ?? match[3] ?? "").replace(/\\(.)/g, "$1").replace(/\s+/g, " ").trim();
}

const files = readdirSync(contentDir)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts"))
  .sort();

const found = [];
for (const name of files) {
  const path = join(contentDir, name);
  const lines = readFileSync(path, "utf8").split(/\r?\n/);
  lines.forEach((line, index) => {
    if (isComment(line) || !PLACEHOLDER.test(line)) return;
    found.push({ file: relative(root, path), line: index + 1, todo: findTodo(lines, index) });
  });
}

if (found.length === 0) {
  console.log("No placeholders left in app/content. Ready for launch.");
} else {
  console.log("Placeholders still in the content (replace these before launch):\n");
  for (const item of found) {
    console.log(`${item.file}:${item.line}`);
    console.log(`  ${item.todo ?? "(no todo: describe what is needed next to `placeholder: true`)"}`);
  }
  console.log(`\n${found.length} placeholder${found.length === 1 ? "" : "s"} in ${new Set(found.map((item) => item.file)).size} file(s).`);
}
process.exit(0);
