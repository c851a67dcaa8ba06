import type { SpamKind } from "#db/schema";
import type { SpamReason } from "~/lib/forms";
import { formatDate } from "~/lib/format";

export interface SpamItemView {
  id: string;
  kind: SpamKind;
  payload: Record<string, unknown>;
  reasons: SpamReason[];
  receivedAt: string;
}

const kindLabel: Record<SpamKind, string> = { review: "Review", message: "Message", order: "Order request" };

/** The fields staff read to decide, per kind; a new kind is a compile error here until listed. */
const fieldsByKind: Record<SpamKind, Array<[field: string, label: string]>> = {
  review: [
    ["rating", "Rating (out of 10)"],
    ["context", "Context"],
    ["tags", "Tags"],
    ["quote", "Review"],
  ],
  message: [
    ["phone", "Phone"],
    ["topic", "Topic"],
    ["message", "Message"],
  ],
  order: [
    ["reference", "Reference shown"],
    ["phone", "Phone"],
    ["country", "Country"],
    ["state", "State/Province"],
    ["zipCode", "ZIP/Postal code"],
    ["submitterName", "Filled in by"],
    ["currentCushion", "Current cushion"],
    ["medicalNotes", "Notes"],
  ],
};

/** Who sent it and how to reach them, shown above every kind's fields. */
const senderFields = ["name", "firstName", "lastName", "email"] as const;

/**
 * The part of a held submission the spam page shows (`SpamItemDetails`): who sent it and the
 * fields listed for its kind. The rest (an order request's health answers, consents, what was
 * typed into fields the page does not list) stays on the server until it is released.
 */
export function shownSpamItem<T extends SpamItemView>(item: T): T {
  const shown = [...senderFields, ...fieldsByKind[item.kind].map(([field]) => field)];
  return {
    ...item,
    payload: Object.fromEntries(shown.filter((field) => field in item.payload).map((f) => [f, item.payload[f]])),
  };
}

/** Who sent a held submission: a message's or review's name, an order request's first and last name. */
export function senderName(payload: Record<string, unknown>): string {
  return text(payload.name) || [text(payload.firstName), text(payload.lastName)].filter(Boolean).join(" ");
}

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(String).join(", ");
  return String(value);
}

/** One held submission as sent, with the reasons it was held. */
export function SpamItemDetails({ item }: { item: SpamItemView }) {
  const time = new Date(item.receivedAt).toISOString().slice(11, 16);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-subheading font-bold">
          <span className="mr-2 rounded-full border border-warning bg-warning-soft px-2 py-0.5 text-small">
            {kindLabel[item.kind]}
          </span>
          {senderName(item.payload) || "(no name)"}{" "}
          <span className="text-small font-normal text-muted">({text(item.payload.email)})</span>
        </h2>
        <p className="text-small text-muted">
          Received {formatDate(item.receivedAt)} {time} UTC
        </p>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {fieldsByKind[item.kind].map(([field, label]) =>
          text(item.payload[field]) ? (
            <div key={field} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-words whitespace-pre-wrap">{text(item.payload[field])}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <div className="mt-3">
        <p className="font-semibold">Why it was held back</p>
        <ul className="mt-1 list-disc pl-5 text-muted">
          {item.reasons.map((reason) => (
            <li key={reason.code}>{reason.detail}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
