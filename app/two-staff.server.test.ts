import { describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { leadKinds } from "~/lead-kinds.server";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { useTestDatabase } from "~/lib/test-database";
import { addNote, othersSeen, recordCall, sendReply, threadOf } from "~/features/leads/replies.server";

setLogLevel("silent");

/** Nothing is sent here: a mail server only has to be named for a reply to be queued. */
const config = parseConfig({ SMTP_HOST: "127.0.0.1", SITE_EMAIL: "support@aquila.example" });
const dana = { accountId: "00000000-0000-4000-8000-00000000000d", username: "dana" };
const eli = { accountId: "00000000-0000-4000-8000-00000000000e", username: "eli" };

describe.each(testDialects)("two staff on one lead, on %s", (dialect) => {
  useTestDatabase(dialect);

  async function lead(name: string) {
    const id = await storeContactMessage(
      ContactFormSchema.parse({
        name: `${name} Ito`,
        email: `${name}@example.org`,
        topic: "support",
        message: "The pump stopped last night.",
        consent: "on",
      }),
      new Date("2026-11-30T14:00:00Z"),
      [],
    );
    return { kind: leadKinds.message, id };
  }

  it("refuses a reply or a call when someone else answered or noted since the page was opened, saying what they did, and takes it when sent again", async () => {
    const ref = await lead("mia");
    // Both pages were drawn before anyone acted: neither showed a reply, call or note by someone else.
    const opened = 0;
    expect(
      await sendReply(
        dana,
        ref,
        { subject: "Your pump", body: "We will call." },
        new Date("2026-11-30T15:01:00Z"),
        config,
        opened,
      ),
    ).toMatchObject({ ok: true });
    await addNote(dana, ref, { internalNote: "Mia is away until Friday." }, new Date("2026-11-30T15:02:00Z"));
    // One's own earlier reply is no surprise: Dana is not asked again.
    expect(
      await sendReply(
        dana,
        ref,
        { subject: "Also", body: "And a form." },
        new Date("2026-11-30T15:02:30Z"),
        config,
        opened,
      ),
    ).toMatchObject({ ok: true });
    const refused = await recordCall(
      eli,
      ref,
      { outcome: "spoke", note: "" },
      new Date("2026-11-30T15:03:00Z"),
      opened,
    );
    expect(refused).toMatchObject({ ok: false, status: 409, seen: 3 });
    expect(refused.ok ? "" : refused.message).toBe(
      "Not sent: since you opened this page, dana emailed mia@example.org at Mon, Nov 30, 10:01 AM EST: \u201cYour pump\u201d. dana added a note at Mon, Nov 30, 10:02 AM EST: \u201cMia is away until Friday.\u201d. dana emailed mia@example.org at Mon, Nov 30, 10:02 AM EST: \u201cAlso\u201d. Read it in the conversation below; to send yours as well, send it again.",
    );
    // Asked again, Eli sends it on purpose.
    expect(
      await recordCall(
        eli,
        ref,
        { outcome: "spoke", note: "" },
        new Date("2026-11-30T15:05:00Z"),
        refused.ok ? 0 : refused.seen,
      ),
    ).toMatchObject({ ok: true });
    expect((await threadOf(ref)).map((entry) => [entry.kind, entry.by])).toEqual([
      ["email", "dana"],
      ["note", "dana"],
      ["email", "dana"],
      ["call", "eli"],
    ]);
  });

  it("stores one of two replies sent at the same moment from pages opened at the same time, and refuses the other", async () => {
    const ref = await lead("noa");
    const opened = 0;
    const at = new Date("2026-11-30T15:01:00Z");
    const results = await Promise.all([
      sendReply(dana, ref, { subject: "From Dana", body: "One." }, at, config, opened),
      sendReply(eli, ref, { subject: "From Eli", body: "Two." }, at, config, opened),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.status === 409)).toHaveLength(1);
    expect(await threadOf(ref)).toHaveLength(1);
  });

  it("counts a reply stored while the page was drawn, whatever time it bears", async () => {
    const ref = await lead("ola");
    // Eli's page counted nothing; Dana's reply, dated a minute before by a slower clock or a
    // request that started earlier, was stored after that count.
    const seen = await othersSeen(ref, eli);
    expect(
      await sendReply(dana, ref, { subject: "Earlier", body: "Hi." }, new Date("2026-11-30T14:59:00Z"), config, 0),
    ).toMatchObject({ ok: true });
    const refused = await sendReply(
      eli,
      ref,
      { subject: "Later", body: "Hi." },
      new Date("2026-11-30T15:00:00Z"),
      config,
      seen,
    );
    expect(refused).toMatchObject({ ok: false, status: 409, seen: 1 });
  });
});
