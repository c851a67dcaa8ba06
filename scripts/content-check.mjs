// Lists what the company must still do before launch, from the database the site runs on
// (DATABASE_URL, or the embedded file): every placeholder in the content as published, with where
// it is edited in the admin, then every claim whose current wording no owner has reviewed. The
// admin's launch checklist (/admin/launch) shows the same list.
//
// Run: npm run content:check   (after `npm run build`; the site writes the content at its first start)
//
// Always exits 0 when it could read the list: it is a to-do list, not an error.
import { hasServerBuild, importServerBuild } from "./server-build.mjs";

if (!hasServerBuild()) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const { launchChecklist, migrateDatabase, closeDatabase } = await importServerBuild();
// The same schema the site would bring it to at start; nothing else is written.
await migrateDatabase();
const { placeholders, claims } = await launchChecklist({ read: true });
await closeDatabase();

const where = (line) => (line.item ? `admin: /admin/content/${line.item}` : `code: ${line.file}`);
if (placeholders.length === 0) {
  console.log("No placeholders left in the content.");
} else {
  console.log("Placeholders still in the content (replace these before launch):\n");
  for (const line of placeholders) {
    console.log(`${line.where} (${where(line)})`);
    console.log(`  ${line.todo ?? "(no note says what is needed)"}`);
  }
  console.log(`\n${placeholders.length} placeholder${placeholders.length === 1 ? "" : "s"}.`);
}

const unreviewed = claims.filter((claim) => !claim.review);
if (unreviewed.length === 0) {
  console.log("\nEvery claim's wording has been reviewed by an owner.");
} else {
  console.log("\nClaims for the company's regulatory review (an owner marks each in the admin: /admin/launch):\n");
  for (const claim of unreviewed) console.log(`- "${claim.text}" (${claim.where})`);
  console.log(`\n${unreviewed.length} claim${unreviewed.length === 1 ? "" : "s"} to review.`);
}
if (placeholders.length === 0 && unreviewed.length === 0) console.log("\nReady for launch.");
process.exit(0);
