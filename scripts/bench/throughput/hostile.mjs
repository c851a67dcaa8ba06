// The hostile case: the kept page quiet, then while another client sends what a hostile one would.
import { spawn } from "node:child_process";
import path from "node:path";
import { describeMachine, passFail, root, startSite, table, writeReport } from "../common.mjs";
import { onCore, load } from "./wrk.mjs";
import { keptCopy } from "./servers.mjs";
import { runHeader } from "./report.mjs";
import { failures, clean, ratio, fmt, medianTurn, withTurns } from "./figures.mjs";

/** Turns of the hostile case: the kept page quiet, then under the hostile mix. */
const hostileTurns = 3;

/** The other client of the hostile case, on the load generator's core, for `seconds`; resolves with its report. */
function startHostileClient(siteUrl, seconds, pin) {
  const command = [
    process.execPath,
    path.join(root, "scripts", "bench", "hostile-client.mjs"),
    siteUrl,
    String(seconds),
  ];
  const [file, ...args] = onCore(pin, pin.load, command);
  const child = spawn(file, args, { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = output.trim().split("\n").at(-1);
      if (code !== 0 || !line) reject(new Error(`The hostile client failed (exit ${code}):\n${output}`));
      else resolve(JSON.parse(line));
    });
  });
}

/**
 * The kept `/testimonials` under wrk, quiet and then while another client sends 20 OPTIONS and 5
 * valid review posts a second (each stored, so each changes the page's count of reviews received)
 * and times how long each post takes to show on the page. Quiet and hostile alternate in turns on
 * one server, so the ratio compares runs minutes apart at most.
 */
async function hostileCase(options, serverCpu) {
  const site = await startSite({ reviews: options.reviews, cpu: serverCpu });
  try {
    const url = `${site.url}/testimonials`;
    await keptCopy(site.url, "/testimonials");
    const quiet = [];
    const busy = [];
    const clients = [];
    for (let turn = 0; turn < hostileTurns; turn++) {
      quiet.push(
        await load(`/testimonials kept, quiet (turn ${turn + 1})`, { ...options, check: site.check }, { url }),
      );
      const client = startHostileClient(site.url, options.warmup + options.duration, options.pin);
      busy.push(
        await load(
          `/testimonials kept, under the hostile mix (turn ${turn + 1})`,
          { ...options, check: site.check },
          { url },
        ),
      );
      clients.push(await client);
    }
    const [quietTurn, busyTurn] = [quiet, busy].map(medianTurn);
    const delays = clients.map((c) => c.delayMaxMs ?? Infinity);
    return {
      label: `\`/testimonials\` kept (${fmt(options.reviews)} reviews), while another client sends ${clients[0].optionsPerSecond} \`OPTIONS /\` and ${clients[0].postsPerSecond} valid \`POST /api/testimonials\` a second`,
      quiet: quietTurn,
      hostile: busyTurn,
      ratio: ratio(busyTurn.requestsPerSec, quietTurn.requestsPerSec),
      clients,
      delayMaxMs: Math.max(...delays),
      delayMedianMs: clients.map((c) => c.delayMedianMs).sort((a, b) => a - b)[Math.floor(clients.length / 2)],
    };
  } finally {
    await site.stop();
  }
}

function hostileMarkdown(data) {
  const c = data.hostile;
  const row = (name, r) => [name, withTurns(r), `${r.latencyP50Ms} / ${r.latencyP99Ms}`, failures(r)];
  const sent = (kind) =>
    c.clients.reduce((n, client) => n + Object.values(client.statuses[kind]).reduce((a, b) => a + b, 0), 0);
  const statuses = (kind) => [...new Set(c.clients.flatMap((client) => Object.keys(client.statuses[kind])))].join(", ");
  return [
    `Run on ${data.machine.date.slice(0, 10)}: ${describeMachine(data.machine)}; wrk ${data.wrkVersion}. Command: \`${data.command}\`. ${data.pinning}; wrk as for the other cases (one thread, ${data.settings.connections} connections, ${data.settings.warmupSeconds} s warm-up, ${data.settings.durationSeconds} s measured), in ${hostileTurns} turns of a quiet run and then a run under the mix, on one server; the other client runs on wrk's core through each mixed run, warm-up included.`,
    "",
    c.label,
    "",
    table(
      ["Case", "req/s", "p50 / p99 ms", "Errors, timeouts, non-2xx"],
      [row("Quiet", c.quiet), row("Under the hostile mix", c.hostile)],
    ),
    "",
    `Under the mix the page kept ${c.ratio.toFixed(2)} × its quiet rate. The other client sent ${fmt(sent("options"))} OPTIONS (answered ${statuses("options")}) and ${fmt(sent("posts"))} review posts (answered ${statuses("posts")}); ${fmt(c.clients.reduce((n, client) => n + client.stored, 0))} were stored. From the answer to a post to the first \`/testimonials\` that counted it (the client asks for the page again as soon as it has the last one): median ${c.delayMedianMs} ms, at most ${c.delayMaxMs} ms.`,
    "",
    "Targets:",
    "",
    ...data.targets.map((t) => `- ${t.result}: ${t.name} (${t.actual})`),
  ].join("\n");
}

/** The hostile case on its own server, reported in its own section of docs/benchmarks.md. */
export async function benchHostile(options, started) {
  const c = await hostileCase(options, options.pin.pinned ? options.pin.server : undefined);
  const everyPostShown = c.clients.every(
    (client) =>
      client.shown === client.stored && client.stored > 0 && Object.keys(client.statuses.posts).join() === "201",
  );
  const targets = [
    {
      name: "kept `/testimonials` under 20 OPTIONS and 5 review posts a second: ≥ 0.5 × its quiet req/s",
      ok: c.ratio >= 0.5,
      actual: `${fmt(c.hostile.requestsPerSec)} / ${fmt(c.quiet.requestsPerSec)} = ${c.ratio.toFixed(2)} ×`,
    },
    {
      name: "each stored review shows on `/testimonials` within 1 s of its post's answer",
      ok: everyPostShown && c.delayMaxMs <= 1000,
      actual: `at most ${c.delayMaxMs} ms${everyPostShown ? "" : "; not every post was stored and shown"}`,
    },
    {
      name: "no errors, timeouts or non-2xx answers to wrk",
      ok: [c.quiet, c.hostile].every(clean),
      actual: `${failures(c.quiet)} quiet, ${failures(c.hostile)} under the mix`,
    },
  ].map((t) => ({ ...t, result: passFail(t.ok) }));
  const data = {
    ...runHeader(options, options.wrkVersion, options.pin),
    seconds: Math.round((Date.now() - started) / 1000),
    hostile: c,
    targets,
  };
  const text = hostileMarkdown(data);
  console.log(`\n${text}\n`);
  writeReport("throughput-hostile", data, text);
  return data;
}
