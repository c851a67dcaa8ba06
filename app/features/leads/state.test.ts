import { describe, expect, it } from "vitest";
import { conversationState } from "./state";

const statuses = ["new", "contacted", "closed"];
const due = { state: "overdue" as const, dueText: "Mon, Nov 30, 4:30 PM EST", waitingFor: "answer" as const };

describe("conversationState", () => {
  it("names each state and what is due", () => {
    expect(conversationState({ status: "new", first_reply_at: null, answer_due_at: null }, statuses, due)).toEqual({
      state: "new",
      label: "New",
      due: "First reply due Mon, Nov 30, 4:30 PM EST (overdue)",
    });
    const answered = { status: "new", first_reply_at: "2026-11-27T15:00:00Z", answer_due_at: "2026-11-30T21:30:00Z" };
    expect(conversationState(answered, statuses, { ...due, state: "today" })).toEqual({
      state: "waiting-on-us",
      label: "Waiting on us",
      due: "Answer due Mon, Nov 30, 4:30 PM EST",
    });
    expect(
      conversationState(
        { status: "contacted", first_reply_at: "2026-11-27T15:00:00Z", answer_due_at: null },
        statuses,
        undefined,
      ),
    ).toMatchObject({ state: "waiting-on-them", due: null });
    expect(
      conversationState(
        { status: "new", first_reply_at: "2026-11-27T15:00:00Z", answer_due_at: null },
        statuses,
        undefined,
      ),
    ).toMatchObject({ state: "waiting-on-them" });
    expect(
      conversationState({ status: "closed", first_reply_at: null, answer_due_at: null }, statuses, undefined),
    ).toMatchObject({ state: "handled", label: "Handled", due: null });
  });
});
