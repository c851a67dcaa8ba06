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

/** The longest last error a list shows; the record's own page shows all of it. */
const shortErrorLength = 160;

/**
 * How a delivery of a message or an order request stands, and by which channel, as a labelled
 * pill. A delivery still being retried after an error is "Failing, retrying", not "Sending": a
 * message queued a second ago and one failing for an hour must not look alike. A failing one
 * says its last error beside the pill (shortened where `short`).
 */
export function DeliveryStatus({
  channel,
  status,
  lastError,
  short = false,
  showError = true,
}: {
  channel: string;
  status: string;
  lastError?: string | null;
  /** In a list: the error shortened, beside the pill rather than under it. */
  short?: boolean;
  /** False where the page says the error itself, with the attempts. */
  showError?: boolean;
}) {
  const failing = status === "failed" || (status === "pending" && Boolean(lastError));
  const label = status === "pending" && failing ? "Failing, retrying" : (labels[status] ?? status);
  const error =
    failing && lastError && showError
      ? short && lastError.length > shortErrorLength
        ? `${lastError.slice(0, shortErrorLength - 1)}…`
        : lastError
      : undefined;
  return (
    <>
      <span
        className={`inline-block rounded-full border px-2 py-0.5 text-small ${failing ? styles.failed : (styles[status] ?? "")}`}
      >
        {label} ({channelLabels[channel] ?? channel})
      </span>
      {error ? (
        <span className={`${short ? "" : "block"} text-small wrap-anywhere text-muted`}>Last error: {error}</span>
      ) : null}
    </>
  );
}
