import type { Page } from "@playwright/test";

export interface ContactFormFields {
  name: string;
  email: string;
  topic: string;
  message: string;
  /** Ticks the privacy consent unless false (a visitor who forgets it). */
  consent?: boolean;
}

/**
 * Fills the contact form as a person does, one field at a time by its label, without sending it:
 * the same with or without JavaScript.
 */
export async function fillContactForm(page: Page, fields: ContactFormFields) {
  await page.getByLabel("Name").fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Topic").selectOption(fields.topic);
  await page.getByRole("textbox", { name: /^Message/ }).fill(fields.message);
  if (fields.consent !== false) await page.getByLabel(/I agree/).check();
}
