import { afterEach, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { listAudit } from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { setLogLevel } from "~/lib/logger.server";
import type { Staff } from "~/lib/staff";
import { useTestDatabase } from "~/lib/test-database";
import { changedContent, contentKeys, initialContent } from "./live";
import { contentItems } from "./items";
import { company, coverage, credit } from "./site";
import { contactPage } from "./contact";
import { faqTeaserIds } from "./faq";
import {
  discardDraft,
  forgetContent,
  freshContent,
  itemState,
  publish,
  restore,
  saveDraft,
  versionsOf,
  withPreview,
  writeInitialContent,
} from "./store.server";

setLogLevel("silent");

const ada: Staff = { accountId: "a1", username: "ada" };
const bea: Staff = { accountId: "b1", username: "bea" };

afterEach(() => forgetContent());

describe("content items as written in app/content", () => {
  it("every item declared is registered with a schema, and each initial value passes its schema unchanged", () => {
    expect(contentItems.map((item) => item.key).sort()).toEqual(contentKeys().sort());
    for (const item of contentItems) {
      const initial = initialContent(item.key);
      const parsed = item.schema.safeParse(initial);
      expect(parsed.success, `${item.key}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues)}`).toBe(true);
      // What the database stores is the JSON of the value: a fresh site reads back exactly what the code holds.
      expect(JSON.parse(JSON.stringify(parsed.data))).toEqual(JSON.parse(JSON.stringify(initial)));
    }
  });
});

describe.each(testDialects)("the content store on %s", (dialect) => {
  useTestDatabase(dialect);

  it("writes the first version of each item once, and never over one already stored", async () => {
    expect(await writeInitialContent()).toEqual(contentItems.map((item) => item.key));
    expect(await writeInitialContent()).toEqual([]);
    const state = await itemState("company");
    expect(state?.published).toMatchObject({ version: 1, by: "(initial content)" });
    expect(state?.published.body).toEqual(JSON.parse(JSON.stringify(initialContent("company"))));
    expect(await versionsOf("company")).toHaveLength(1);
  });

  it("serves what is published to every page, and nothing of a draft", async () => {
    await writeInitialContent();
    await freshContent(undefined);
    expect(changedContent()?.contact).toBeUndefined();
    expect(company.phone.display).toBe("866-7AQUILA (727-8452)");

    const first = (await itemState("company"))!;
    const body = { ...(first.published.body as object), phone: { display: "800-555-0100", dial: "+18005550100" } };
    const saved = await saveDraft("company", body, first.edition, ada);
    expect(saved.ok).toBe(true);
    await freshContent(undefined);
    expect(company.phone.display).toBe("866-7AQUILA (727-8452)");

    // The preview draws the draft for the one render that asks, and the site stays as published.
    const inPreview = withPreview("company", body, () => company.phone.display);
    expect(inPreview).toBe("800-555-0100");
    expect(company.phone.display).toBe("866-7AQUILA (727-8452)");

    const published = await publish("company", body, saved.ok ? saved.state.edition : first.edition, ada);
    expect(published.ok && published.state.published.version).toBe(2);
    expect(published.ok && published.state.draft).toBeUndefined();
    await freshContent(undefined);
    expect(company.phone.display).toBe("800-555-0100");
    expect(company.phone.dial).toBe("+18005550100");
    // The browser is sent the items that differ from the initial ones, and only those.
    expect(Object.keys(changedContent() ?? {})).toEqual(["company"]);
  });

  it("refuses a change made from an older edition, so two editors never overwrite each other silently", async () => {
    await writeInitialContent();
    const opened = (await itemState("faq"))!;
    const adaBody = structuredClone(opened.published.body) as Array<{ question: string }>;
    adaBody[0]!.question = "Ada's question?";
    const beaBody = structuredClone(opened.published.body) as Array<{ question: string }>;
    beaBody[0]!.question = "Bea's question?";

    const first = await saveDraft("faq", adaBody, opened.edition, ada);
    expect(first.ok).toBe(true);
    const second = await saveDraft("faq", beaBody, opened.edition, bea);
    expect(second).toMatchObject({ ok: false, reason: "changed-since" });
    // Ada's draft stands; Bea is told, and saving again from the edition she was shown is her choice.
    const state = (await itemState("faq"))!;
    expect((state.draft?.body as Array<{ question: string }>)[0]!.question).toBe("Ada's question?");
    const again = await saveDraft("faq", beaBody, state.edition, bea);
    expect(again.ok).toBe(true);

    // A publish from an edition before that save is refused too.
    const late = await publish("faq", adaBody, state.edition, ada);
    expect(late).toMatchObject({ ok: false, reason: "changed-since" });
  });

  it("two editors publishing at the same moment: one wins, the other is told, and both versions are never one", async () => {
    await writeInitialContent();
    const opened = (await itemState("credit"))!;
    const answers = await Promise.all(
      [ada, bea].map((staff) =>
        publish("credit", { label: `Website by ${staff.username}`, href: "/about" }, opened.edition, staff),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toHaveLength(1);
    expect(await versionsOf("credit")).toHaveLength(2);
  });

  it("restores an earlier version as a new one, and audits every publish and restore", async () => {
    await writeInitialContent();
    let state = (await itemState("coverage"))!;
    const first = state.published.version;
    const filled = { equipmentClass: "durable medical equipment (DME)", billingCode: { code: "E0000" } };
    const changed = await publish("coverage", filled, state.edition, ada);
    expect(changed.ok).toBe(true);
    state = (await itemState("coverage"))!;
    const restored = await restore("coverage", first, state.edition, bea);
    expect(restored.ok && restored.state.published).toMatchObject({ version: first + 2, by: "bea" });
    expect(restored.ok && restored.state.published.body).toEqual(
      JSON.parse(JSON.stringify(initialContent("coverage"))),
    );
    expect((await versionsOf("coverage")).slice(0, 3)).toMatchObject([
      { version: first + 2, by: "bea", restoredFrom: first },
      { version: first + 1, by: "ada", restoredFrom: null },
      { version: first, by: "(initial content)", restoredFrom: null },
    ]);
    await freshContent(undefined);
    expect(coverage.billingCode.placeholder).toBe(true);
    const audit = await listAudit(10, {});
    expect(audit.map((line) => [line.username, line.action, line.target_id, line.detail])).toEqual(
      expect.arrayContaining([
        ["ada", "publish", "coverage", `version ${first + 1}`],
        ["bea", "restore", "coverage", `version ${first} as version ${first + 2}`],
      ]),
    );
  });

  it("reads a field added to an item since it was published from the code, and keeps all that was published", async () => {
    await writeInitialContent();
    const opened = (await itemState("contact"))!;
    const asWritten = JSON.parse(JSON.stringify(initialContent("contact"))) as { title: string };
    // The Contact page as a site stored it before the word above its heading, its success view and
    // its privacy link were fields of it.
    const {
      eyebrow: _eyebrow,
      sent: _sent,
      privacy,
      ...rest
    } = structuredClone(opened.published.body) as { eyebrow: string; sent: unknown; privacy: { link: string } };
    const { link: _link, ...privacyBefore } = privacy;
    const older = await publish("contact", { ...rest, privacy: privacyBefore }, opened.edition, ada);
    expect(older.ok).toBe(true);
    await freshContent(undefined);
    expect(contactPage.eyebrow).toBe("Contact");
    expect(contactPage.sent.title).toBe("Message Sent Successfully!");
    expect(contactPage.privacy.link).toBe("How we handle your information");
    // Read so, it is the code's value: the browser is not sent it, and the admin's form shows it whole.
    expect(changedContent()?.contact).toBeUndefined();
    expect(older.ok && (await itemState("contact"))!.published.body).toEqual(asWritten);

    // What was published beside the missing fields is read as published.
    const edited = await publish(
      "contact",
      { ...rest, privacy: privacyBefore, title: "Write to us" },
      (await itemState("contact"))!.edition,
      ada,
    );
    expect(edited.ok).toBe(true);
    await freshContent(undefined);
    expect(contactPage.title).toBe("Write to us");
    expect(contactPage.sent.title).toBe("Message Sent Successfully!");
    expect(changedContent()?.contact).toEqual({ ...asWritten, title: "Write to us" });

    // A field an item may do without, left out when it was published, stays out.
    const credited = (await itemState("credit"))!;
    await publish("credit", { label: "Website by Example Studio", href: "/about" }, credited.edition, ada);
    await freshContent(undefined);
    expect(credit.placeholder).toBeUndefined();
    expect((await itemState("credit"))!.published.body).toEqual({ label: "Website by Example Studio", href: "/about" });
  });

  it("discards a draft, leaving what is published", async () => {
    await writeInitialContent();
    const opened = (await itemState("faq-home"))!;
    const body = structuredClone(opened.published.body) as unknown[];
    body.pop();
    const saved = await saveDraft("faq-home", body, opened.edition, ada);
    expect(saved.ok).toBe(true);
    const discarded = await discardDraft("faq-home", saved.ok ? saved.state.edition : opened.edition, ada);
    expect(discarded.ok && discarded.state.draft).toBeUndefined();
    await freshContent(undefined);
    expect(faqTeaserIds).toHaveLength((opened.published.body as unknown[]).length);
    expect(await db().selectFrom("content_drafts").where("key", "=", "faq-home").selectAll().execute()).toEqual([]);
  });

  it("refuses, writing nothing, to restore a version there is not or the one published, or to discard no draft", async () => {
    await writeInitialContent();
    const opened = (await itemState("credit"))!;
    const before = await listAudit(100, {});
    const versions = await versionsOf("credit");
    expect(await restore("credit", 999, opened.edition, ada)).toEqual({
      ok: false,
      reason: "refused",
      message: "There is no version 999 of this item. Choose one from the list of versions.",
    });
    expect(await restore("credit", opened.published.version, opened.edition, ada)).toMatchObject({
      ok: false,
      message: `Version ${opened.published.version} is what is published now: there is nothing to restore.`,
    });
    expect(await discardDraft("credit", opened.edition, ada)).toMatchObject({
      ok: false,
      message: "There is no draft to discard: the form shows what is published.",
    });
    expect(await itemState("credit")).toEqual(opened);
    expect(await versionsOf("credit")).toEqual(versions);
    expect(await listAudit(100, {})).toEqual(before);
  });
});
