import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";

describe("passwords", () => {
  it("are stored as scrypt hashes with their parameters, and verify", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain("correct");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  });

  it("salt every hash", async () => {
    const params = { log2N: 10, r: 8, p: 1 };
    expect(await hashPassword("same", params)).not.toBe(await hashPassword("same", params));
  });

  it("refuse a malformed stored hash", async () => {
    expect(await verifyPassword("x", "plaintext")).toBe(false);
  });

  it("generate long random passwords", () => {
    const password = generatePassword();
    expect(password).toHaveLength(20);
    expect(generatePassword()).not.toBe(password);
  });
});
