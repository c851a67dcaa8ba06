import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import {
  allSavedReplies,
  deleteSavedReply,
  draftReply,
  saveSavedReply,
  savedRepliesFor,
} from "~/features/leads/replies.server";
import { leadKinds } from "~/lead-kinds.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";

setLogLevel("silent");

const staff = { accountId: "00000000-0000-4000-8000-0000000000aa", username: "ada" };

describe.each(testDialects)("saved replies on %s", (dialect) => {
  useTestDatabase(dialect);

  it("keeps several named replies per topic, offers them when answering, and never two of one name", async () => {
    const added = await saveSavedReply(staff, {
      topic: "repair",
      name: "Send the pump back",
      subject: "Your pump, {name}",
      body: "Hello {name},\n\nPlease send the pump back in its box.",
    });
    expect(added).toEqual({ ok: true, message: "Saved reply added: Send the pump back." });
    await saveSavedReply(staff, { topic: "repair", name: "A new cover", subject: "Your cover", body: "Hello {name}." });
    expect(
      await saveSavedReply(staff, { topic: "repair", name: "A new cover", subject: "Again", body: "Again." }),
    ).toMatchObject({ ok: false, status: 409 });

    const choices = await savedRepliesFor("repair");
    expect(choices.map((c) => c.name)).toEqual(["The topic's template", "A new cover", "Send the pump back"]);
    // Other topics are not offered them.
    expect((await savedRepliesFor("general")).map((c) => c.name)).toEqual(["The topic's template"]);

    const id = await storeContactMessage(
      ContactFormSchema.parse({
        name: "Ada Lind",
        email: "ada@example.org",
        topic: "repair",
        message: "The pump is broken.",
        consent: "on",
      }),
      new Date(),
      [],
    );
    const pump = choices.find((c) => c.name === "Send the pump back")!;
    const draft = await draftReply({ kind: leadKinds.message, id }, pump.id);
    expect(draft).toMatchObject({
      subject: "Your pump, Ada Lind",
      body: "Hello Ada Lind,\n\nPlease send the pump back in its box.",
      chosen: pump.id,
    });
    // An unknown choice starts from the topic's template.
    expect((await draftReply({ kind: leadKinds.message, id }, "nonsense"))?.chosen).toBe("standard");

    // Renamed, then deleted.
    expect(
      await saveSavedReply(staff, {
        id: pump.id,
        topic: "repair",
        name: "Return the pump",
        subject: pump.subject,
        body: pump.body,
      }),
    ).toEqual({ ok: true, message: "Saved reply saved: Return the pump." });
    expect((await allSavedReplies()).map((r) => r.name)).toEqual(["A new cover", "Return the pump"]);
    expect(await deleteSavedReply(staff, pump.id)).toBe(true);
    expect(await deleteSavedReply(staff, pump.id)).toBe(false);
    expect((await allSavedReplies()).map((r) => r.name)).toEqual(["A new cover"]);
  });
});
