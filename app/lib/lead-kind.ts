import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { LeadColumns, OutboxKind } from "#db/schema";

/** The columns a kind's table shares with every other, defined with the tables. */
export type { LeadColumns };

/**
 * What a kind of lead (a message, an order request, ...) tells the staff side (app/features/leads):
 * where it is stored, how staff read it, what the site promises about answering it and how it is
 * answered. The list, the export, today's work, the digest, replies, the response figures and due
 * times are written once, for every kind; each kind's folder defines its own with
 * `defineLeadKind`, and app/lead-kinds.server.ts lists them.
 */

/** A lead's table as the shared code reads it: the common columns, and the kind's own. */
export interface AnyLeadTable extends LeadColumns {
  [column: string]: unknown;
}

/** Every lead table, by name, as the shared queries see them. */
export type LeadDatabase = Record<string, AnyLeadTable>;

/** What the site promises about replies to a kind (docs/requirements.md §4.8), in business days. */
export interface ReplyPromise {
  /** Due this many business days after the lead arrives. */
  dueDays: number;
  /** Late beyond the promise's outer bound this many business days after it arrives. */
  lateDays: number;
}

/** How the public response figures speak of a kind: "92% of 40 messages answered within 1 business day." */
export interface FigureWords {
  /** Plural: "messages". */
  noun: string;
  verb: string;
  promise: string;
}

/** Who a reply goes to and what its template may name, read from the lead as stored. */
export interface ReplyContact {
  email: string;
  name: string;
  /** The reply template's key (app/content/replies.ts): a message's topic, "order-request". */
  template: string;
  /** Fills a template's {reference}; null for a kind that has none. */
  reference: string | null;
}

/** The filter every list has: a status and the spam mark; a kind adds its own fields. */
export interface LeadFilter {
  status?: string;
  /** Only leads marked as possible spam. */
  mark?: "possible-spam";
}

export interface LeadKindDefinition<Row extends LeadColumns = LeadColumns, Filter extends LeadFilter = LeadFilter> {
  /** The kind's one word: "message", "order". */
  kind: string;
  /** How the queue and the digest name one: "Message", "Order request". */
  label: string;
  /** Where it is stored. */
  table: string;
  /** What the audit log calls one: "contact_message". */
  entity: string;
  /** The staff list's address; a lead's page is this and its id. */
  path: string;
  /** The outbox kinds that deliver one (to staff, and any receipt). */
  outbox: readonly OutboxKind[];
  /** Every status, the waiting one ("new") first and the handled one ("handled", "closed") last. */
  statuses: readonly Row["status"][];
  /** The columns set when a visitor's emailed answer opens it again: its first status, and its own stamps. */
  reopened(at: string): Partial<Row>;
  /** The columns the list shows, and no more: the rest stay on the lead's page, whose opening is audited. */
  listColumns: readonly string[];
  /** Its own filter fields, read from the address (status and mark are read for every kind). */
  parseFilter(params: URLSearchParams): Omit<Filter, keyof LeadFilter>;
  /** Its own filter fields as a condition, or undefined when they keep every row. */
  narrow(eb: ExpressionBuilder<LeadDatabase, string>, filter: Filter): Expression<SqlBool> | undefined;
  /** The columns the queue needs for `title`. */
  titleColumns: readonly string[];
  /** A lead as today's work lists it: "Kim Park — Request a Repair". */
  title(row: Row): string;
  /** The reply promise its due times are stored by. */
  promise: ReplyPromise;
  /** The public response figures' words. */
  figures: FigureWords;
  /**
   * The column of `lead_replies` that points to one of these: the thread, the retry and a data
   * request's export find its replies by it, and erasing the lead erases them (its foreign key).
   */
  replyColumn: string;
  /** The columns `replyContact` reads. */
  contactColumns: readonly string[];
  /** Who a reply goes to, and what its template names. */
  replyContact(row: Row): ReplyContact;
  /** The export: every stored field, as staff read it. */
  exportName: string;
  exportHeaders: readonly string[];
  /** One row of the export, in the order of `exportHeaders`. */
  exportRow(row: Row): unknown[];
}

/** A kind's definition, with its rows typed as its own table's and its filter as its own. */
export function defineLeadKind<Row extends LeadColumns, Filter extends LeadFilter>(
  definition: LeadKindDefinition<Row, Filter>,
): LeadKindDefinition<Row, Filter> {
  return definition;
}

/** The registry's shape: every kind by its word. */
export type LeadKinds = Record<string, LeadKindDefinition>;
