// `npm run admin:create -- <username>` and `npm run admin:password -- <username>`.
// The password comes from NEW_PASSWORD or is generated and printed once. A given password must
// pass the same check as any other (app/features/auth/password-policy.server.ts).
import { existsSync } from "node:fs";

const [command, username] = process.argv.slice(2);
if (!["create", "password"].includes(command ?? "") || !username) {
  console.error("usage: npm run admin:create -- <username> | npm run admin:password -- <username>");
  process.exit(2);
}
if (!existsSync(new URL("../build/server/index.js", import.meta.url))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const server = await import("../build/server/index.js");
const given = process.env.NEW_PASSWORD || undefined;
const problem = given === undefined ? undefined : await server.passwordProblem(given, username);
if (problem) {
  console.error(`NEW_PASSWORD cannot be used: ${problem}`);
  process.exit(2);
}
const password = given ?? server.generatePassword();
await server.migrateDatabase();
try {
  if (command === "create") await server.createAccount(username, password);
  else await server.setPassword(username, password);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await server.closeDatabase();
  process.exit(1);
}
console.log(
  command === "create" ? `Created ${username}.` : `Password changed for ${username}; their sessions were ended.`,
);
if (given === undefined) console.log(`Password (shown once): ${password}`);
await server.closeDatabase();
