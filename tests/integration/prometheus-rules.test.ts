import { readFileSync } from "node:fs";
import path from "node:path";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { getDatabase } from "~/lib/db.server";
import { metricsRegistry } from "~/lib/metrics.server";
import { useTestDatabase } from "~/lib/test-database";
import { startMetrics } from "../../server/metrics";
import { exchange } from "../../server/test-exchange";
import { promtool } from "../support/promtool";
import { requires } from "../support/requires";

const root = path.resolve(import.meta.dirname, "../..");
const rulesFile = path.join(root, "deploy/prometheus-rules.yml");

interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}

const rules = (parse(readFileSync(rulesFile, "utf8")) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap(
  (group) => group.rules,
);

/** What the site reports, as a scrape reads it, with a request of each kind counted. */
async function scrapeOnce() {
  const metrics = await startMetrics(
    new Registry(),
    { token: "a-token-of-twenty-four-characters" },
    { database: getDatabase(), readinessProblem: async () => undefined, spamMaxRows: 100 },
  );
  if (!metrics) throw new Error("metrics are on with a token");
  const res = exchange("GET", "/testimonials").res;
  metrics.observeRequest("/testimonials", res, performance.now() - 3);
  res.end("page");
  metrics.observePageCache("/testimonials", "hit");
  const text = await metrics.scrape();
  await metrics.close();
  return text;
}

describe("deploy/prometheus-rules.yml", () => {
  useTestDatabase("sqlite");

  it("raises each alert the deployment guide lists, with a severity and words for the person paged", () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual([
      "AquilaDatabaseTimeouts",
      "AquilaDatabaseUnreachable",
      "AquilaDeliveriesFailed",
      "AquilaDeliveriesFailing",
      "AquilaEventLoopLag",
      "AquilaInstanceDown",
      "AquilaInstanceNotReady",
      "AquilaLeadsOverdue",
      "AquilaOutboxStuck",
      "AquilaServerErrors",
      "AquilaSpamStoreFilling",
    ]);
    for (const rule of rules) {
      expect(["page", "ticket"]).toContain(rule.labels.severity);
      expect(rule.for).toMatch(/^\d+m$/);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      expect(rule.annotations.description.length).toBeGreaterThan(20);
    }
  });

  it("asks only for metrics the site reports, by the labels it gives them", async () => {
    const scrape = await scrapeOnce();
    const reported = new Set([...scrape.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    for (const name of (await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name)) reported.add(name);
    for (const rule of rules) {
      const names = rule.expr.match(/\b(aquila|nodejs|process)_\w+/g) ?? [];
      for (const name of names) expect(reported, `${rule.alert} asks for ${name}`).toContain(name);
    }
    expect(reported).toContain("aquila_http_requests_total");
  });

  it.runIf(requires("promtool's check of deploy/prometheus-rules.yml", "promtool"))(
    "passes promtool's check and its unit tests (deploy/prometheus-rules.test.yml)",
    () => {
      const check = promtool(["check", "rules", "prometheus-rules.yml"]);
      expect(check.stderr).toBe("");
      expect(check.stdout).toContain("SUCCESS: 11 rules found");
      const test = promtool(["test", "rules", "prometheus-rules.test.yml"]);
      expect(test.stdout + test.stderr).toContain("SUCCESS");
      expect(test.status).toBe(0);
    },
  );
});
