import { randomBytes } from "node:crypto";
import { getConfig } from "./config.server";
import { type Flash, type FlashKey, isFlashKey } from "./flash";

const cookieName = "aquila_flash";

function attributes(maxAge: number) {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${getConfig().siteIsHttps ? "; Secure" : ""}`;
}

/**
 * The Set-Cookie value that carries `key` to the next page (a minute at most). `id` (letters,
 * digits, "-" and "_", up to 16) is random unless given, such as an order's reference.
 */
export function setFlash(key: FlashKey, id = randomBytes(6).toString("base64url")): string {
  if (!/^[\w-]{1,16}$/.test(id)) throw new Error("a flash id is 1 to 16 letters, digits, - or _");
  return `${cookieName}=${key}.${id}; ${attributes(60)}`;
}

export const clearFlash = `${cookieName}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

/** The notice this request carries, if any. The root loader clears it once read. */
export function readFlash(request: Request): Flash | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name !== cookieName) continue;
    const [key, id = ""] = value.split(".");
    if (isFlashKey(key) && /^[\w-]{1,16}$/.test(id)) return { key, id };
  }
  return undefined;
}
