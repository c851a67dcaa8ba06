import { Counter, Registry } from "prom-client";
import { outboxKinds, sendingChannels } from "#db/schema";

/**
 * The process's Prometheus registry (served by server/metrics.ts when metrics are on), and the
 * counters that features move. Labels are fixed words, never anything a visitor sent.
 */
export const metricsRegistry = new Registry();

export const signInFailures = new Counter({
  name: "aquila_sign_in_failures_total",
  help: "Staff sign-ins with a wrong password, an unknown username or a disabled account (this instance).",
  registers: [metricsRegistry],
});

export const signInRefusals = new Counter({
  name: "aquila_sign_in_refusals_total",
  help: "Staff sign-ins refused before the password was checked (this instance): reason=failures (too many from the address) or busy (too many checks at once).",
  labelNames: ["reason"] as const,
  registers: [metricsRegistry],
});

/**
 * Every kind and channel starts at 0, so that Prometheus sees the first failure as an increase:
 * a series that first appears at 1 reads as no change.
 */
export const deliveryFailures = new Counter({
  name: "aquila_delivery_failures_total",
  help: "Delivery attempts from the outbox that failed on this instance (the mail server or the forward refused or did not answer), by kind and channel (email or forward).",
  labelNames: ["kind", "channel"] as const,
  registers: [metricsRegistry],
});
for (const kind of outboxKinds) for (const channel of sendingChannels) deliveryFailures.inc({ kind, channel }, 0);

export const databaseTimeouts = new Counter({
  name: "aquila_database_timeouts_total",
  help: "Database queries or connection attempts that ran out of time (this instance).",
  registers: [metricsRegistry],
});
