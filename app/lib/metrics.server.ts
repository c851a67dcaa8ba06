import { Counter, Registry } from "prom-client";

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
