import { company } from "~/content/site";

/**
 * What a staff password must be (OWASP ASVS 5.0, 6.2.1, 6.2.4, 6.2.12; docs/requirements.md §7.5):
 * long, not one of the passwords people pick most (the list of zxcvbn-ts, about 49,000 of them,
 * shipped with the project: nothing is looked up on the network), and not built from the
 * account's own name or the company's. Checked wherever a password is set: the first start's
 * ADMIN_PASSWORD, `npm run admin:create` and `admin:password`, and a person changing their own.
 */
export const minPasswordLength = 12;
const maxPasswordLength = 200;

/**
 * The list, loaded when a password is first checked rather than at every start: it is 380 KB of
 * code, a module of its own in the build, and most starts check no password.
 */
let common: Promise<Set<string>> | undefined;
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return common;
}
/** Digits and punctuation around a word: "sunshine2024!" is "sunshine" with a year on it. */
const padding = /^[\d\W_]+|[\d\W_]+$/gu;

/** Why `password` may not be used by `username`, or undefined when it may. */
export async function passwordProblem(password: string, username: string): Promise<string | undefined> {
  if (password.length < minPasswordLength) return `Use at least ${minPasswordLength} characters.`;
  if (password.length > maxPasswordLength) return `Use at most ${maxPasswordLength} characters.`;
  const lower = password.toLowerCase();
  const word = lower.replace(padding, "");
  const common = await commonPasswords();
  if (common.has(lower) || (word.length > 0 && common.has(word)) || isRepetitive(lower))
    return "This password is one of the most common ones: choose another.";
  const names = [username, company.name, company.productName]
    .map((name) => name.toLowerCase())
    .filter((name) => name.length >= 3);
  if (names.some((name) => lower.includes(name)))
    return "A password may not contain your username or the company's name.";
  return undefined;
}

/** "aaaaaaaaaaaa", "abababababab", "123412341234": few different characters, however long. */
function isRepetitive(lower: string): boolean {
  return new Set(lower).size < 5;
}
