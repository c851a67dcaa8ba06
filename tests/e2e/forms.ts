import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** `text` as a pattern that matches it literally. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Presses Tab (forwards) until `target` has focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** A field told what is wrong with it: marked invalid, with the message in its description. */
export async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message instanceof RegExp ? message : new RegExp(escaped(message)));
}
