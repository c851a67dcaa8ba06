// `npm run security:observatory -- <hostname> [--http-port N] [--https-port N]`: grades a running
// site with the MDN HTTP Observatory's own tests and scoring (npm @mdn/mdn-http-observatory), and
// prints the grade, the score and every test that did not pass. The package's command line only
// scans ports 80 and 443; this passes the ports through, so a local deployment can be graded.
// Exit status: 0 for A+, 1 otherwise, 2 when the site could not be scanned.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "http-port": { type: "string" },
    "https-port": { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const hostname = positionals[0] ?? "localhost";

const packageDir = path.dirname(createRequire(import.meta.url).resolve("@mdn/mdn-http-observatory/package.json"));
// The HSTS preload list is downloaded by the package's install script, which cannot reach the
// internet here and is not run. An empty list only means no host counts as preloaded, which a
// local host never is anyway.
const preloadList = path.join(packageDir, "conf", "hsts-preload.json");
if (!existsSync(preloadList)) {
  mkdirSync(path.dirname(preloadList), { recursive: true });
  writeFileSync(preloadList, "{}\n");
}

const from = (file) => import(path.join(packageDir, "src", file));
const { retrieve } = await from("retriever/retriever.js");
const { ALL_TESTS, NUM_TESTS } = await from("constants.js");
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await from("grader/charts.js");
const { getGradeForScore, getScoreModifier } = await from("grader/grader.js");

const requests = await retrieve(hostname, { httpPort: values["http-port"], httpsPort: values["https-port"] });
const status = requests.responses.auto?.status;
if (!status || (status >= 400 && ![401, 403].includes(status))) {
  console.error(`Could not scan ${hostname}: ${status ? `status ${status}` : "no answer"}`);
  process.exit(2);
}

// The Observatory's scoring: start at 100, add each test's modifier; bonuses only count when the
// score without them is already an A.
let withBonuses = 100;
let penaltiesOnly = 100;
const results = ALL_TESTS.map((test) => {
  const result = test(requests);
  const modifier = result.result ? getScoreModifier(result.result) : 0;
  withBonuses += modifier;
  if (modifier < 0) penaltiesOnly += modifier;
  return { name: result.constructor.name, pass: Boolean(result.pass), result: result.result, modifier };
});
const { grade, score } = getGradeForScore(
  penaltiesOnly >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withBonuses : penaltiesOnly,
);
const passed = results.filter((r) => r.pass).length;
const report = { hostname, grade, score, testsPassed: passed, testsQuantity: NUM_TESTS, tests: results };

if (values.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`MDN HTTP Observatory: ${grade} (score ${score}), ${passed} of ${NUM_TESTS} tests passed`);
  for (const r of results)
    console.log(`  ${r.pass ? "pass" : "FAIL"}  ${r.name}: ${r.result} (${r.modifier >= 0 ? "+" : ""}${r.modifier})`);
}
process.exit(grade === "A+" ? 0 : 1);
