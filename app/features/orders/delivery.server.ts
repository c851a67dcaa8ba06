import { company } from "~/content/site";
import type { Config } from "~/lib/config.server";
import { db } from "~/lib/db.server";
import { markNoticeLines } from "~/lib/spam-mark";
import { type DeliveryKind, linkOnlyNote, oneLine, quotedAnswers, staffEmailText } from "~/lib/outbox/delivery.server";
import { choiceLabel, relationshipChoices } from "./fields";

/**
 * What leaves the database about an order request. The staff email names the reference, who it is
 * for and a link to the admin (with STAFF_EMAIL_CONTENT=full, also how to reach them); the forward
 * carries who asked and how to reach them. Neither ever carries the fitting and health details
 * (sitting hours, discomfort areas, sensitivity, medical notes, the chair and seat): staff read
 * those in the admin, behind sign-in.
 */
async function findOrder(id: string) {
  return db()
    .selectFrom("order_requests")
    .select([
      "id",
      "reference",
      "first_name",
      "last_name",
      "email",
      "phone",
      "submitted_by_name",
      "submitted_by_relationship",
      "country",
      "state",
      "zip_code",
      "received_at",
      "spam_signals",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The fields a staff notice may carry; a test checks that nothing else is ever sent. */
export const staffNoticeFields = [
  "id",
  "reference",
  "firstName",
  "lastName",
  "email",
  "phone",
  "submittedBy",
  "country",
  "state",
  "zipCode",
  "receivedAt",
  "adminUrl",
] as const;

export const orderDelivery: DeliveryKind = {
  async notice(refId: string, config: Config) {
    const order = await findOrder(refId);
    if (!order) return undefined;
    const name = `${order.first_name} ${order.last_name}`;
    const adminUrl = `${config.siteUrl}/admin/orders/${order.id}`;
    const submittedBy = order.submitted_by_name
      ? `${order.submitted_by_name} (${choiceLabel(relationshipChoices, order.submitted_by_relationship ?? "other").toLowerCase()})`
      : null;
    const json: Record<(typeof staffNoticeFields)[number], unknown> = {
      id: order.id,
      reference: order.reference,
      firstName: order.first_name,
      lastName: order.last_name,
      email: order.email,
      phone: order.phone,
      submittedBy,
      country: order.country,
      state: order.state,
      zipCode: order.zip_code,
      receivedAt: order.received_at,
      adminUrl,
    };
    const full = config.staffEmailContent === "full";
    return {
      subject: oneLine(`[${company.name} order] ${order.reference} from ${name}`),
      replyTo: full ? order.email : undefined,
      text: staffEmailText(
        [
          `New order request from the ${company.name} website. Contact them within ${company.consultationWithin}.`,
          "",
          `Reference: ${order.reference}`,
          `Received: ${order.received_at}`,
          ...markNoticeLines(order.spam_signals),
          "",
          full
            ? "The chair, seat, sitting and health details are in the admin only:"
            : "How to reach them, and the chair, seat, sitting and health details, are in the admin:",
          adminUrl,
          ...(full ? [] : ["", linkOnlyNote]),
        ],
        [
          quotedAnswers("Who it is for, as they gave it:", [
            ["For", name],
            ...(full
              ? ([
                  ...(submittedBy ? [["Filled in by", submittedBy] as const] : []),
                  ["Email", order.email],
                  ["Phone", order.phone],
                  ["Location", `${order.state}, ${order.country} ${order.zip_code}`],
                ] as const)
              : []),
          ]),
        ],
      ),
      json,
    };
  },
  forwardUrl: (config) => config.orderForwardUrl,
};

/**
 * The requester's receipt: the reference and fixed text, nothing the visitor typed (no name, no
 * phone, not even the address in the body). It goes to whatever address was typed, so anything
 * typed in it would make the company's mail carry someone else's words to someone else
 * (docs/requirements.md §4.2); a few a day per address (store.server.ts).
 */
export const orderReceiptDelivery: DeliveryKind = {
  async notice(refId: string, config: Config) {
    const order = await findOrder(refId);
    if (!order) return undefined;
    return {
      to: order.email,
      replyTo: config.siteEmail,
      subject: oneLine(`Your ${company.name} order request ${order.reference}`),
      text: [
        "Hello,",
        "",
        `Thank you for your order request. We have it, and its reference is ${order.reference}.`,
        "",
        "What happens next:",
        `1. An expert contacts you within ${company.consultationWithin} for your consultation, by phone or by email, using the details given with the request.`,
        `2. Together you confirm the size, shape and settings of the ${company.productName} cushion.`,
        "3. We build it for you and ship it directly to you.",
        "",
        `Questions? Call ${company.phone.display} (${company.hours.long}) or reply to this email, quoting ${order.reference}.`,
        "",
        "If you did not send this request, reply to tell us and we will delete it.",
        "",
        `${company.name}`,
        config.siteUrl,
      ].join("\n"),
      json: { id: order.id, reference: order.reference },
    };
  },
  // A receipt is an email to the requester; it is never forwarded.
  forwardUrl: () => undefined,
};
