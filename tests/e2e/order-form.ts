import type { Page } from "@playwright/test";

/**
 * Fills the order form as a caregiver does, one field at a time by its label, without sending
 * it: every part but the medical disclaimer, which `disclaimer` ticks. The page must show all six
 * parts at once (without JavaScript). `seatWidth` out of range (10–30) makes a mistake to correct.
 */
export async function fillOrderFormPage(
  page: Page,
  { email, seatWidth = "19", disclaimer = true }: { email: string; seatWidth?: string; disclaimer?: boolean },
) {
  await page.getByLabel("I am filling it in for someone else").check();
  await page.getByLabel(/^Your name/).fill("Carla Carer");
  await page.getByLabel("Clinician or therapist", { exact: true }).check();
  await page.getByLabel(/^First name/).fill("Dev");
  await page.getByLabel(/^Last name/).fill("Example");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill("866-555-0110");
  await page.getByLabel(/^Country/).fill("United States");
  await page.getByLabel(/^State\/Province/).fill("Oregon");
  await page.getByLabel(/^ZIP\/Postal code/).fill("97201");
  await page.getByLabel("Power wheelchair").check();
  await page.getByLabel(/^Seat width/).fill(seatWidth);
  await page.getByLabel(/^Seat depth/).fill("18");
  await page.getByLabel(/^Current cushion/).fill("Foam, three years old");
  await page.getByLabel("More than 12 hours").check();
  await page.getByLabel("Tailbone").check();
  await page.getByLabel("Lower back").check();
  await page.getByLabel("High", { exact: true }).check();
  await page.getByLabel("Pressure relief").check();
  await page.getByLabel("Quiet operation").check();
  await page.getByLabel("A different size or shape").check();
  await page.getByLabel("Easy-clean cover").check();
  await page.getByLabel("Portable, not fixed to the chair").check();
  await page.getByLabel(/^Anything else/).fill("Seat is tapered at the front.");
  await page.getByLabel(/^I agree that Aquila/).check();
  if (disclaimer) await page.getByLabel(/^I understand that this request/).check();
}

/**
 * Fills step `index` (from 0) of the order form by pointer, with the fewest answers it takes: the
 * step must be on screen (with JavaScript), or the whole form (without).
 */
export async function fillOrderStep(page: Page, index: number, email: string) {
  const fill = (label: RegExp, value: string) => page.getByLabel(label).fill(value);
  const check = (label: string) => page.getByLabel(label, { exact: true }).check();
  switch (index) {
    case 0:
      await fill(/^First name/, "Axe");
      await fill(/^Last name/, "Check");
      await fill(/^Email/, email);
      return fill(/^Phone/, "866-555-0103");
    case 1:
      await fill(/^Country/, "United States");
      await fill(/^State\/Province/, "Maine");
      return fill(/^ZIP\/Postal code/, "04101");
    case 2:
      await check("Manual wheelchair");
      await fill(/^Seat width/, "18");
      return fill(/^Seat depth/, "16");
    case 3:
      await check("Up to 4 hours");
      await check("Sitting bones");
      return check("Medium");
    case 4:
      await check("Quiet operation");
      await check("Made to my seat measurements");
      await check("Standard cover");
      return check("Left side of the chair");
    case 5:
      await page.getByLabel(/^I agree that Aquila/).check();
      return page.getByLabel(/^I understand that this request/).check();
  }
}
