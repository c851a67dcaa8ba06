import type { ReactNode } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import type { OrderStatus } from "../../db/schema";
import { DetailActions } from "~/components/admin/detail-actions";
import { ActionStatus } from "~/components/ui/action-status";
import { actionDone, actionFailed, readIntent, unknownAction } from "~/lib/admin-action";
import { staffContext } from "~/features/auth/auth.server";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import {
  deleteOrder,
  getOrder,
  moveOrderToSpam,
  retryOrderDelivery,
  setOrderStatus,
} from "~/features/orders/admin.server";
import { SpamMark } from "~/components/ui/spam-mark";
import { redirectMovedToSpam } from "~/lib/spam-mark.server";
import { inchesText, orderStatusLabels, readableChoices } from "~/features/orders/labels";
import { choiceLabel, orderFieldLabels, relationshipChoices } from "~/features/orders/fields";
import { formatDate, formatDateTime } from "~/lib/format";
import { isRowId, readForm } from "~/lib/request.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/admin.order";
import { AdminErrorBoundary } from "~/components/ui/admin-error";

export async function loader({ params }: Route.LoaderArgs) {
  const found = isRowId(params.id) ? await getOrder(params.id) : undefined;
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** The status each button sets, and what the page says afterwards. */
const statusIntents = {
  contacted: { status: "contacted", done: "Marked as contacted." },
  close: { status: "closed", done: "Marked as closed." },
  reopen: { status: "new", done: "Marked as new." },
} as const satisfies Record<string, { status: OrderStatus; done: string }>;

const orderIntents = ["contacted", "close", "reopen", "retry", "delete", "move-to-spam"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  if (!isRowId(params.id)) throw data(null, { status: 404 });
  const intent = readIntent(await readForm(request), orderIntents);
  switch (intent) {
    case "contacted":
    case "close":
    case "reopen":
      await setOrderStatus(staff, params.id, statusIntents[intent].status);
      return actionDone(statusIntents[intent].done);
    case "retry":
      await retryOrderDelivery(staff, params.id);
      return actionDone("Delivery queued again.");
    case "delete":
      await deleteOrder(staff, params.id);
      return redirect("/admin/orders");
    case "move-to-spam":
      return (await moveOrderToSpam(staff, params.id))
        ? redirectMovedToSpam()
        : actionFailed("That order request is no longer in the list.", 404);
    case undefined:
      return unknownAction();
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Order request", description: "An order request.", path: "/admin/orders", noindex: true });

/** The buttons a request in each status offers, the usual next step first. */
const nextSteps: Record<OrderStatus, Array<{ intent: keyof typeof statusIntents; label: string }>> = {
  new: [
    { intent: "contacted", label: "Mark contacted" },
    { intent: "close", label: "Mark closed" },
  ],
  contacted: [
    { intent: "close", label: "Mark closed" },
    { intent: "reopen", label: "Reopen as new" },
  ],
  closed: [{ intent: "reopen", label: "Reopen as new" }],
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-small text-muted">{label}</dt>
      <dd>{children}</dd>
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

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, deliveries } = loaderData;
  const busy = useNavigation().state !== "idle";
  const canRetry = deliveries.some((d) => d.status === "failed" || d.status === "pending");
  const name = `${order.first_name} ${order.last_name}`;
  const choices = readableChoices(order);
  return (
    <article aria-labelledby="order-title">
      <Link
        to="/admin/orders"
        className="-ml-3 inline-flex tap-target items-center rounded-md px-3 font-semibold text-brand underline"
      >
        <span aria-hidden="true">←&nbsp;</span>All orders
      </Link>
      <h1 id="order-title" className="mt-4 text-heading font-bold">
        Order request {order.reference} for {name}
      </h1>
      <ActionStatus result={actionData} />
      <SpamMark reasons={order.mark} className="mt-4" />
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
                  <DeliveryStatus channel={d.channel} status={d.status} />
                  {d.last_error ? (
                    <span className="block text-small text-muted">Last error: {d.last_error}</span>
                  ) : null}
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
          <dd className="whitespace-pre-wrap">{order.medical_notes ?? "None given"}</dd>
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

      <Section id="order-consent" title="Consent">
        <Field label="Privacy policy agreed">{formatDateTime(order.privacy_consent_at)}</Field>
        <Field label="Medical disclaimer acknowledged">{formatDateTime(order.medical_disclaimer_at)}</Field>
      </Section>

      <DetailActions
        steps={nextSteps[order.status]}
        canRetry={canRetry}
        deleteQuestion="Delete this order request for good, with its fitting and health details? This cannot be undone."
        busy={busy}
      />
    </article>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary list={{ href: "/admin/orders", name: "order requests" }} />;
}
