// Figures of wrk runs: what went wrong in one, ratios, medians and how they are written.

/** Answers that went wrong in a run: an unexpected status, a socket error or a timeout. */
export const failures = (r) => r.non2xx + r.errors + r.timeouts;
export const clean = (r) => r.requests > 0 && failures(r) === 0;
export const ratio = (a, b) => Math.round((a / b) * 100) / 100;
export const fmt = (n) => n.toLocaleString("en");
export const spread = (values) => Math.round((Math.max(...values) / Math.min(...values) - 1) * 100);

/** Runs of one case summed up by the run with the median rate (its latencies with it), every run's rate beside it. */
export const medianTurn = (runs) => ({
  ...[...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(runs.length / 2)],
  turns: runs.map((r) => r.requestsPerSec),
});

/** "28,158 (26,010–29,440)": a median turn's rate and the range of all its turns. */
export const withTurns = (r) =>
  r.turns
    ? `${fmt(r.requestsPerSec)} (${fmt(Math.min(...r.turns))}–${fmt(Math.max(...r.turns))})`
    : fmt(r.requestsPerSec);

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
