import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export interface HashParams {
  log2N: number;
  r: number;
  p: number;
}

/** scrypt with N=2^17, r=8, p=1 (the parameters travel inside each hash, so they can rise later). */
export const defaultParams: HashParams = { log2N: 17, r: 8, p: 1 };
const keyLength = 32;

function maxmem(log2N: number, r: number) {
  return 128 * 2 ** log2N * r * 2;
}

export async function hashPassword(password: string, params: HashParams = defaultParams): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize("NFKC"), salt, keyLength, {
    N: 2 ** params.log2N,
    r: params.r,
    p: params.p,
    maxmem: maxmem(params.log2N, params.r),
  });
  return ["scrypt", params.log2N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: 2 ** Number(log2N),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(log2N), Number(r)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A readable random password: 20 characters from 32 symbols, about 100 bits. */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789-";
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join("");
}
