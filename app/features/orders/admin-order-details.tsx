import type { ReactNode } from "react";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { heardLabel } from "~/content/heard";
import { formatDate, formatDateTime } from "~/lib/format";
import type { Selectable } from "kysely";
import type { OrderRequestTable, OutboxTable } from "#db/schema";
import { choiceLabel, orderFieldLabels, relationshipChoices } from "./fields";
import { inchesText, orderStatusLabels, readableChoices } from "./labels";

/** A request as its page loads it (app/features/leads/leads.server.ts, getLead). */
interface StoredOrder {
  order: Selectable<OrderRequestTable>;
  deliveries: readonly OutboxTable[];
}

/**
 * Everything an order request holds, as staff read it: where it stands and its deliveries, then
 * the requester's answers grouped as the form asked them.
 */
export function AdminOrderDetails({ order, deliveries }: StoredOrder) {
  const name = `${order.first_name} ${order.last_name}`;
  const choices = readableChoices(order);
  return (
    <>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Field label="Reference">{order.reference}</Field>
        <Field label="Received">{formatDateTime(order.received_at)}</Field>
        <Field label="Status">
          {orderStatusLabels[order.status]}
          {order.status_changed_at ? `, since ${formatDate(order.status_changed_at)}` : ""}
        </Field>
        <Field label="Delivery">
          {deliveries.length === 0 ? (
            "None queued"
          ) : (
            <ul className="flex flex-wrap gap-2">
              {deliveries.map((d) => (
                <li key={d.id}>
                  <span className="text-small text-muted">
                    {d.kind === "order-receipt" ? "Receipt to the requester: " : "To staff: "}
                  </span>
                  <DeliveryStatus channel={d.channel} status={d.status} lastError={d.last_error} />
                </li>
              ))}
            </ul>
          )}
        </Field>
      </dl>

      <Section id="order-contact" title="Contact details">
        <Field label="Cushion user">{name}</Field>
        <Field label="Filled in by">
          {order.submitted_by_name
            ? `${order.submitted_by_name} (${choiceLabel(relationshipChoices, order.submitted_by_relationship ?? "other")})`
            : "The cushion user"}
        </Field>
        {/* Whose email and phone these are (decision 027): the person to call, the caregiver's own when
            a caregiver filled in the form, as the form asks. */}
        <Field label="Email and phone belong to">
          {order.submitted_by_name ? `${order.submitted_by_name}, who filled in the form` : "The cushion user"}
        </Field>
        <Field label={orderFieldLabels.email}>
          <a href={`mailto:${order.email}`} className="inline-flex tap-target items-center text-brand underline">
            {order.email}
          </a>
        </Field>
        <Field label={orderFieldLabels.phone}>
          <a
            href={`tel:${order.phone.replace(/[^\d+]/g, "")}`}
            className="inline-flex tap-target items-center text-brand underline"
          >
            {order.phone}
          </a>
        </Field>
      </Section>

      <Section id="order-location" title="Location">
        <Field label={orderFieldLabels.country}>{order.country}</Field>
        <Field label={orderFieldLabels.state}>{order.state}</Field>
        <Field label={orderFieldLabels.zipCode}>{order.zip_code}</Field>
      </Section>

      <Section id="order-chair" title="Wheelchair and seat">
        <Field label={orderFieldLabels.wheelchairType}>{choices.wheelchairType}</Field>
        <Field label={orderFieldLabels.currentCushion}>{order.current_cushion ?? "Not given"}</Field>
        <Field label={orderFieldLabels.seatWidth}>{inchesText(order.seat_width_in)}</Field>
        <Field label={orderFieldLabels.seatDepth}>{inchesText(order.seat_depth_in)}</Field>
      </Section>

      <Section id="order-health" title="Sitting and health">
        <Field label={orderFieldLabels.dailySittingHours}>{choices.dailySittingHours}</Field>
        <Field label={orderFieldLabels.sensitivityLevel}>{choices.sensitivityLevel}</Field>
        <Field label={orderFieldLabels.discomfortAreas}>
          <LabelList labels={choices.discomfortAreas} />
        </Field>
        <div className="sm:col-span-2">
          <dt className="text-small text-muted">{orderFieldLabels.medicalNotes}</dt>
          <dd className="[overflow-wrap:anywhere] whitespace-pre-wrap">{order.medical_notes ?? "None given"}</dd>
        </div>
      </Section>

      <Section id="order-choices" title="Cushion choices">
        <Field label={orderFieldLabels.priorities}>
          <LabelList labels={choices.priorities} />
        </Field>
        <Field label={orderFieldLabels.padSize}>{choices.padSize}</Field>
        <Field label={orderFieldLabels.coverType}>{choices.coverType}</Field>
        <Field label={orderFieldLabels.controllerPlacement}>{choices.controllerPlacement}</Field>
      </Section>

      <Section id="order-heard" title="How they heard of us">
        <Field label={orderFieldLabels.heard}>{heardLabel(order.heard_from)}</Field>
      </Section>

      <Section id="order-consent" title="Consent">
        <Field label="Privacy policy agreed">{formatDateTime(order.privacy_consent_at)}</Field>
        <Field label="Medical disclaimer acknowledged">{formatDateTime(order.medical_disclaimer_at)}</Field>
      </Section>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-small text-muted">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-subheading font-bold">
        {title}
      </h2>
      <dl className="mt-3 grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function LabelList({ labels }: { labels: string[] }) {
  if (labels.length === 0) return <>None given</>;
  return (
    <ul className="list-disc pl-5">
      {labels.map((label) => (
        <li key={label}>{label}</li>
      ))}
    </ul>
  );
}
