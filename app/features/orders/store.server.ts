import { createHash, randomInt, randomUUID } from "node:crypto";
import { type Config, getConfig } from "~/lib/config.server";
import { replyDueColumns } from "~/lib/reply-promises.server";
import { type Executor, inTransaction } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { nudgeDeliveryWorker } from "~/lib/outbox/delivery.server";
import { configuredChannels, queueDeliveries } from "~/lib/outbox/queue.server";
import { normalEmail } from "~/lib/personal-data.server";
import { type PublicFormResult, submitPublicForm } from "~/lib/public-form.server";
import { dayWindowSeconds, hitRateLimit } from "~/lib/rate-limit.server";
import type { SpamReason } from "~/lib/forms";
import { markColumn } from "~/lib/spam-mark";
import { countStored } from "~/lib/visits/stored.server";
import { referencePattern } from "./fields";
import { orderLeads } from "./lead.server";
import { type OrderRequestInput, OrderRequestSchema } from "./schema";
import { startFromPayload } from "~/lib/forms";

const referenceAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new reference such as AQ-7K3M-9QX2 (32^8 possibilities; the database refuses a repeat). */
export function newReference(): string {
  const part = () => Array.from({ length: 4 }, () => referenceAlphabet[randomInt(referenceAlphabet.length)]).join("");
  return `AQ-${part()}-${part()}`;
}

/** Staff hear of a request on every configured channel; a forward goes to ORDER_FORWARD_URL, else CONTACT_FORWARD_URL. */
export function orderChannels(config: Config = getConfig()) {
  return configuredChannels(config, config.orderForwardUrl);
}

/**
 * Confirmations one mailbox is sent in a day. The form sends one to whatever address is typed, so
 * past this the request is still stored and reaches staff, but its receipt is not sent: the
 * site's mail cannot be used to fill someone's inbox.
 */
export const receiptsPerAddressPerDay = 3;

/**
 * The mailbox an address reaches, as far as can be told without asking its provider: the address
 * as data requests compare it (`normalEmail`), without a "+tag" after the local part, which Gmail,
 * Outlook, iCloud, Fastmail and most others deliver to the same inbox. Folding the tag can only
 * join addresses, never split one, so at worst two addresses of one person share their three;
 * provider-specific forms (dots in a Gmail address) are left alone.
 */
function receiptMailbox(email: string): string {
  const address = normalEmail(email);
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at).replace(/\+.*$/, "")}${address.slice(at)}`;
}

/**
 * Counts a receipt for the address in the caller's transaction, so a request that is not stored
 * is not counted, and says whether it may be sent. Counted under a hash: the rate-limit table
 * holds no address. Counted now, even for a request received earlier (released from spam): the
 * receipt goes out now.
 */
async function mayConfirm(email: string, trx: Executor): Promise<boolean> {
  const key = `order-receipt:${createHash("sha256").update(receiptMailbox(email)).digest("base64url")}`;
  return (await hitRateLimit(key, receiptsPerAddressPerDay, dayWindowSeconds, Date.now(), trx)).allowed;
}

/**
 * Stores an order request and queues its deliveries in one transaction: the staff notice, and
 * the requester's receipt when email can be sent and the address has not had its receipts for
 * the day. Once this returns, the request is on disk and will reach staff even if every channel
 * is down now.
 */
export async function storeOrder(
  input: OrderRequestInput,
  options: { reference?: string; now?: Date; config?: Config; signals?: readonly SpamReason[] } = {},
  within?: Executor,
): Promise<{ id: string; reference: string }> {
  const config = options.config ?? getConfig();
  const id = randomUUID();
  const reference = options.reference ?? newReference();
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const other = input.submittedBy === "other";
  const receipt = await inTransaction(within, async (trx) => {
    await trx
      .insertInto("order_requests")
      .values({
        id,
        reference,
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        phone: input.phone,
        submitted_by_name: other ? input.submitterName : null,
        submitted_by_relationship: other ? (input.submitterRelationship ?? null) : null,
        country: input.country,
        state: input.state,
        zip_code: input.zipCode,
        wheelchair_type: input.wheelchairType,
        seat_width_in: input.seatWidth,
        seat_depth_in: input.seatDepth,
        current_cushion: input.currentCushion,
        daily_sitting_hours: input.dailySittingHours,
        discomfort_areas: JSON.stringify(input.discomfortAreas),
        sensitivity_level: input.sensitivityLevel,
        priorities: JSON.stringify(input.priorities),
        pad_size: input.padSize,
        cover_type: input.coverType,
        controller_placement: input.controllerPlacement,
        medical_notes: input.medicalNotes,
        privacy_consent_at: at,
        medical_disclaimer_at: at,
        received_at: at,
        status: "new",
        status_changed_at: null,
        spam_signals: markColumn(options.signals ?? []),
        ...replyDueColumns(orderLeads, now),
        heard_from: input.heard ?? null,
      })
      .execute();
    await countStored(trx, "order", input.heard, now);
    await queueDeliveries(trx, "order", id, now, orderChannels(config));
    if (!config.smtp) return "no email";
    if (!(await mayConfirm(input.email, trx))) return "held back";
    await queueDeliveries(trx, "order-receipt", id, now, ["email"]);
    return "queued";
  });
  if (!config.smtp && !config.orderForwardUrl)
    log.info("order request stored only: no SMTP or forward URL is configured", { reference });
  // Logs hold no visitor data (decision 015): the reference finds the request, not the address.
  if (receipt === "held back")
    log.info(`order receipt not sent: its address has had ${receiptsPerAddressPerDay} today`, { reference });
  if (!within) nudgeDeliveryWorker();
  return { id, reference };
}

export type OrderSubmitResult =
  (Extract<PublicFormResult, { ok: true }> & { reference: string }) | Exclude<PublicFormResult, { ok: true }>;

/**
 * An order request from the page's form or the JSON API: stored with its deliveries queued, or
 * held as suspected spam. Either way the requester is given a reference; a held
 * request keeps it, so releasing it later does not change the number they were told.
 */
export async function submitOrder(
  form: Record<string, unknown>,
  clientIp: string,
  start = startFromPayload(form),
): Promise<OrderSubmitResult> {
  const reference = newReference();
  const result = await submitPublicForm({
    kind: "order",
    schema: OrderRequestSchema,
    form,
    clientIp,
    start,
    text: (input) => `${input.medicalNotes ?? ""} ${input.currentCushion ?? ""}`,
    store: async (input, signals) => (await storeOrder(input, { reference, signals })).id,
    keep: { reference },
  });
  return result.ok ? { ...result, reference } : result;
}

/**
 * "Not spam": a held request, parsed again with the form's schema, is stored as received
 * when it was first sent, under the reference its sender was shown, inside the caller's transaction.
 */
export async function restoreOrder(payload: Record<string, unknown>, receivedAt: Date, trx: Executor): Promise<string> {
  const reference =
    typeof payload.reference === "string" && referencePattern.test(payload.reference) ? payload.reference : undefined;
  const { id } = await storeOrder(OrderRequestSchema.parse(payload), { reference, now: receivedAt }, trx);
  return id;
}
