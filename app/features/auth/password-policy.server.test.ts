import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy.server";

describe("the staff password policy", () => {
  it("takes a long password that is nobody's favourite", async () => {
    expect(await passwordProblem("correct horse battery staple", "lena")).toBeUndefined();
    expect(await passwordProblem("Tide-Pool-Lantern-42", "lena")).toBeUndefined();
  });

  it("refuses a short one, and one longer than anyone types", async () => {
    expect(await passwordProblem("Sh0rt-one!", "lena")).toMatch(/at least 12/);
    expect(await passwordProblem("x".repeat(150) + "y1-z2w3v4u5t6".repeat(5), "lena")).toMatch(/at most 200/);
  });

  it("refuses the common passwords the shipped list holds, also with digits or marks around them", async () => {
    for (const common of ["password1234", "qwertyuiop123", "iloveyou2024!!", "!!sunshine2026", "baseball1234"])
      expect(await passwordProblem(common, "lena"), common).toMatch(/most common/);
  });

  it("refuses a long run of a few characters", async () => {
    expect(await passwordProblem("aaaaaaaaaaaaaaaa", "lena")).toMatch(/most common/);
    expect(await passwordProblem("abababababababab", "lena")).toMatch(/most common/);
  });

  it("refuses the account's own name and the company's, in any case", async () => {
    expect(await passwordProblem("my-lena-password-long", "lena")).toMatch(/username/);
    expect(await passwordProblem("Welcome-To-AQUILA-2026", "lena")).toMatch(/company/);
    expect(await passwordProblem("softech-cushion-rules", "lena")).toMatch(/company/);
    expect(await passwordProblem("the-admin-box-password", "admin")).toMatch(/username/);
  });
});
