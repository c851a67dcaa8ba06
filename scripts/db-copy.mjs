// `npm run db:copy -- --from ./data/aquila.sqlite --to postgres://…`: move everything to another
// database, then prove it by counts and checksums of every table.
import { hasServerBuild, importServerBuild } from "./server-build.mjs";

const args = process.argv.slice(2);
const value = (flag) => {
  const index = args.indexOf(flag);
  return index === -1 ? undefined : args[index + 1];
};
const from = value("--from");
const to = value("--to");
if (!from || !to) {
  console.error("usage: npm run db:copy -- --from <sqlite file or database URL> --to <database URL>");
  process.exit(2);
}
if (!hasServerBuild()) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const { copyDatabase } = await importServerBuild();
try {
  const result = await copyDatabase(from, to);
  for (const [i, report] of result.from.entries()) {
    const copy = result.to[i];
    console.log(
      `${report.table.padEnd(17)} ${String(report.rows).padStart(7)} rows  ${report.checksum}  →  ${String(copy?.rows).padStart(7)} rows  ${copy?.checksum}`,
    );
  }
  if (!result.verified) {
    console.error(`Verification FAILED for: ${result.mismatched.join(", ")}`);
    process.exit(1);
  }
  console.log("Copied and verified: every table has the same rows and checksum on both sides.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
