import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import type { LeadKindDefinition } from "./lead-kind";

/**
 * A lead's conversation as a data request's export shows it with its message or order request:
 * the replies sent to the person or noted from a call, the person's emailed answers (with the
 * names and sizes of what they attached) and staff's internal notes, each with who and when.
 * Erasing a lead erases all of it (the foreign keys, migrations 0022 and 0030). A kind's entries
 * are those its `replyColumn` points from.
 */
export interface LeadConversation {
  replies: Array<Record<string, unknown>>;
  answers: Array<Record<string, unknown>>;
  notes: Array<Record<string, unknown>>;
}

function byLead(rows: Array<{ lead_id: string | null } & Record<string, unknown>>) {
  const map = new Map<string, Array<Record<string, unknown>>>();
  for (const { lead_id: leadId, ...entry } of rows) {
    if (leadId) map.set(leadId, [...(map.get(leadId) ?? []), entry]);
  }
  return map;
}

export async function conversationsByLead(
  from: Kysely<Database>,
  kind: Pick<LeadKindDefinition, "replyColumn">,
  leadIds: readonly string[],
): Promise<Map<string, LeadConversation>> {
  const conversations = new Map<string, LeadConversation>();
  if (leadIds.length === 0) return conversations;
  const column = (table: string) => sql.ref<string | null>(`${table}.${kind.replyColumn}`);
  const [replies, answers, notes] = await Promise.all([
    from
      .selectFrom("lead_replies")
      .select([
        column("lead_replies").as("lead_id"),
        "kind",
        "outcome",
        "to_address",
        "subject",
        "body",
        "account_name",
        "created_at",
      ])
      .where(column("lead_replies"), "in", leadIds)
      .orderBy("created_at")
      .execute(),
    from
      .selectFrom("lead_answers")
      .select([
        column("lead_answers").as("lead_id"),
        "id",
        "from_address",
        "from_name",
        "subject",
        "body",
        "quoted",
        "sent_at",
        "received_at",
      ])
      .where(column("lead_answers"), "in", leadIds)
      // A held answer is not known to be this person's (another address sent it): not theirs to be handed.
      .where("held_reason", "is", null)
      .orderBy("received_at")
      .execute(),
    from
      .selectFrom("lead_notes")
      .select([column("lead_notes").as("lead_id"), "body", "account_name", "created_at"])
      .where(column("lead_notes"), "in", leadIds)
      .orderBy("created_at")
      .execute(),
  ]);
  const files =
    answers.length === 0
      ? []
      : await from
          .selectFrom("lead_answer_files")
          .select(["answer_id", "name", "type", "size"])
          .where(
            "answer_id",
            "in",
            answers.map((a) => a.id),
          )
          .execute();
  const repliesOf = byLead(replies);
  const answersOf = byLead(
    answers.map(({ id, ...answer }) => ({
      ...answer,
      attachments: files.filter((f) => f.answer_id === id).map(({ answer_id: _, ...file }) => file),
    })),
  );
  const notesOf = byLead(notes);
  for (const id of leadIds)
    conversations.set(id, {
      replies: repliesOf.get(id) ?? [],
      answers: answersOf.get(id) ?? [],
      notes: notesOf.get(id) ?? [],
    });
  return conversations;
}
