import { expect, test } from "../fixtures";
import { e2eDatabase } from "../seed";

// The form post answers 400 while it has errors; the browser logs that status.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("without JavaScript: errors come back next to the fields with values kept, then the message is sent", async ({
  page,
}) => {
  const email = `nojs-${Date.now()}@example.com`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ben Example");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: /^Message/ }).fill("too short");
  await page.getByRole("button", { name: "Send Message" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problems with the form" });
  await expect(summary).toContainText("Please select a topic");
  await expect(summary.getByRole("heading")).toBeFocused();
  await expect(page.getByText("Message must be at least 10 characters").first()).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Ben Example");
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await page.getByLabel("Topic").selectOption("order");
  await page.getByRole("textbox", { name: /^Message/ }).fill("Where is my order? It was placed last week.");
  await page.getByLabel(/I agree/).check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully!" })).toBeFocused();
  await expect(page).toHaveURL(/\/contact\?sent=1/);
  const db = e2eDatabase();
  const rows = db.prepare("select topic from contact_messages where email = ?").all(email);
  db.close();
  expect(rows).toEqual([{ topic: "order" }]);

  await page.getByRole("link", { name: "Send Another Message" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("");
});
