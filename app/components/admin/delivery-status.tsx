const labels: Record<string, string> = {
  pending: "Sending",
  sent: "Delivered",
  failed: "Delivery failed",
  stored_only: "Stored only",
};
const channelLabels: Record<string, string> = { email: "email", forward: "forward", none: "inbox" };
const styles: Record<string, string> = {
  pending: "border-warning bg-warning-soft",
  sent: "border-success bg-success-soft",
  failed: "border-danger bg-danger-soft",
  stored_only: "border-line bg-surface-raised",
};

/** How a delivery of a message or an order request stands, and by which channel, as a labelled pill. */
export function DeliveryStatus({ channel, status }: { channel: string; status: string }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-small ${styles[status] ?? ""}`}>
      {labels[status] ?? status} ({channelLabels[channel] ?? channel})
    </span>
  );
}
