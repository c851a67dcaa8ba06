/**
 * What a contact message can be about. The form's choices, the inbox's filter, the staff email
 * and the stored column's type (db/schema.ts) all come from this one list. A new topic is one
 * entry here plus a migration that adds its value to the CHECK on `contact_messages.topic`; a test
 * on both databases fails until the two agree.
 */
export const contactTopics = [
  { value: "general", label: "General Inquiry" },
  { value: "product", label: "Product Information" },
  { value: "order", label: "Order Status" },
  { value: "support", label: "Technical Support" },
  { value: "repair", label: "Request a Repair" },
] as const;

export type ContactTopicValue = (typeof contactTopics)[number]["value"];

/** A topic as people read it; a value that is not in the list is shown as stored. */
export function topicLabel(value: string): string {
  return contactTopics.find((t) => t.value === value)?.label ?? value;
}
