// Staff accounts from the command line (docs/staff.md):
//   npm run admin:create -- <username> --role <owner|leads|moderator|editor>
//     prints a one-time invitation link (24 hours) for the person to choose their own password;
//     with NEW_PASSWORD set, creates the account with that password instead.
//   npm run admin:password -- <username>
//     prints a one-time link (24 hours) for the person to choose a new password, which ends their
//     sessions; with NEW_PASSWORD set, sets that password and ends their sessions at once.
// A given password must pass the same check as any other (app/features/auth/password-policy.server.ts).
import { hasServerBuild, importServerBuild } from "./server-build.mjs";

const args = process.argv.slice(2);
const roleAt = args.indexOf("--role");
const role = roleAt >= 0 ? args[roleAt + 1] : undefined;
const [command, username] = roleAt >= 0 ? args.filter((_, i) => i !== roleAt && i !== roleAt + 1) : args;
const roles = ["owner", "leads", "moderator", "editor"];
const usage =
  "usage: npm run admin:create -- <username> --role <owner|leads|moderator|editor> | npm run admin:password -- <username>";
if (
  !["create", "password"].includes(command ?? "") ||
  !username ||
  (command === "create" && !roles.includes(role ?? ""))
) {
  console.error(usage);
  process.exit(2);
}
if (!hasServerBuild()) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const server = await importServerBuild();
const given = process.env.NEW_PASSWORD || undefined;
await server.migrateDatabase();

if (command === "create" && given === undefined) {
  const result = await server.inviteAccount(server.commandLine, { username, role });
  await server.closeDatabase();
  if (!result.ok) {
    console.error(Object.values(result.errors).join("\n"));
    process.exit(2);
  }
  console.log(`Invitation for ${result.username} (${role}), valid until ${result.expiresAt}; it works once:`);
  console.log(result.link);
  process.exit(0);
}

if (command === "password" && given === undefined) {
  // No one but the person knows or chooses their password; the link lets them choose it.
  const result = await server.passwordLink(server.commandLine, username);
  await server.closeDatabase();
  if (!result) {
    console.error(`No account is called ${username}.`);
    process.exit(2);
  }
  console.log(`A link for ${username} to choose a new password, valid until ${result.expiresAt}; it works once:`);
  console.log(result.link);
  process.exit(0);
}

// Here NEW_PASSWORD is set: without it, both commands printed a link above.
const password = /** @type {string} */ (given);
const problem = await server.passwordProblem(password, username);
if (problem) {
  console.error(`NEW_PASSWORD cannot be used: ${problem}`);
  await server.closeDatabase();
  process.exit(2);
}
try {
  // A create has a role: the usage check above stops one without.
  if (command === "create")
    await server.createAccount(username, password, /** @type {"owner" | "leads" | "moderator" | "editor"} */ (role));
  else await server.setPassword(username, password);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await server.closeDatabase();
  process.exit(1);
}
console.log(
  command === "create"
    ? `Created ${username} (${role}).${role === "moderator" ? "" : " They set up their second factor when they first sign in."}`
    : `Password changed for ${username}; their sessions were ended.`,
);
await server.closeDatabase();
