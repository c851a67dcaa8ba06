import { describe, expect, it } from "vitest";
import { defineFields } from "./form-fields";
import { actionFailed, answerIntent, keptAnswers, refusedAnswers } from "./admin-action";

const fields = defineFields({ subject: { label: "Subject", max: 5 } });

function posted(entries: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
}

describe("a staff action's answer", () => {
  it("draws a refused form again only from an answer in the refusal's shape", () => {
    const refusal = actionFailed("Not saved.", 400, { errors: { subject: "Too long" }, values: { subject: "Hello" } });
    expect(refusal.init?.status).toBe(400);
    expect(refusedAnswers(refusal.data)).toEqual({ errors: { subject: "Too long" }, values: { subject: "Hello" } });
    // A done answer, or one that only looks like a refusal, draws nothing: it is read through the schema.
    expect(refusedAnswers({ ok: true, message: "Saved." })).toEqual({ errors: {}, values: {} });
    expect(refusedAnswers({ ok: false, message: "x", errors: "subject", values: {} })).toEqual({
      errors: {},
      values: {},
    });
  });

  it("keeps what was typed in the fields it knows, up to twice each limit", () => {
    expect(keptAnswers({ subject: "x".repeat(20), intent: "save", other: "y" }, fields)).toEqual({
      subject: "x".repeat(10),
    });
  });

  it("answers the intent the post names, and 400 for one the route does not have", async () => {
    const intents = { save: () => ({ ok: true as const, message: "Saved." }) };
    expect(await answerIntent(posted({ intent: "save" }), intents)).toEqual({ ok: true, message: "Saved." });
    for (const intent of ["remove", "toString", "__proto__"]) {
      const answer = await answerIntent(posted({ intent }), intents);
      expect("init" in answer && answer.init?.status).toBe(400);
    }
    const missing = await answerIntent(posted({}), intents);
    expect("init" in missing && missing.init?.status).toBe(400);
  });
});
