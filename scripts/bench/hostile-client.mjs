// The other client of the throughput benchmark's hostile case, in a process of its own (wrk runs
// while the benchmark waits for it): for `seconds`, 20 OPTIONS and 5 valid review posts a second to
// the site at `url`, and after each post, how long until /testimonials shows it. Prints one JSON line.
import { performance } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";

const [url, secondsText] = process.argv.slice(2);
const seconds = Number(secondsText);
if (!url || !(seconds > 0)) throw new Error("usage: hostile-client.mjs <site url> <seconds>");

const optionsPerSecond = 20;
const postsPerSecond = 5;
const origin = new URL(url).origin;

/** The ledger's count of every review received: each stored post adds one, published or not. */
async function received() {
  const html = await (await globalThis.fetch(`${url}/testimonials`)).text();
  const match = /<dt>Received<\/dt><dd[^>]*>([\d,]+)<\/dd>/.exec(html);
  if (!match) throw new Error("/testimonials shows no count of reviews received");
  return Number((match[1] ?? "").replaceAll(",", ""));
}

const statuses = { options: {}, posts: {} };
const count = (kind, status) => {
  statuses[kind][status] = (statuses[kind][status] ?? 0) + 1;
};

const startCount = await received();
/** When each stored post was answered, in the order they were stored. */
const stored = [];
const delays = [];
const started = performance.now();
const until = started + seconds * 1000;
const inFlight = new Set();
const every = (perSecond, send) => {
  const timer = setInterval(() => {
    if (performance.now() >= until) return;
    const request = send().finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, 1000 / perSecond);
  return timer;
};

let sent = 0;
const timers = [
  every(optionsPerSecond, async () => {
    const response = await globalThis.fetch(`${url}/`, { method: "OPTIONS" });
    count("options", response.status);
  }),
  every(postsPerSecond, async () => {
    const n = ++sent;
    const review = {
      name: `Hostile ${n}`,
      email: `hostile-${n}@example.com`,
      rating: 1 + (n % 10),
      quote: `A review sent during the hostile case, number ${n}.`,
      tags: [],
    };
    const response = await globalThis.fetch(`${url}/api/testimonials`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify(review),
    });
    await response.arrayBuffer();
    count("posts", response.status);
    if (response.status === 201) stored.push(performance.now());
  }),
];

// One page request after another: each stored post is shown once the count reaches it.
let shown = 0;
while (performance.now() < until || shown < stored.length) {
  const showing = (await received()) - startCount;
  const at = performance.now();
  for (; shown < Math.min(showing, stored.length); shown++) delays.push(Math.round(at - stored[shown]));
  if (performance.now() > until + 5000) break;
  await sleep(5);
}
for (const timer of timers) clearInterval(timer);
await Promise.all(inFlight);

const sorted = [...delays].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    seconds,
    optionsPerSecond,
    postsPerSecond,
    statuses,
    stored: stored.length,
    shown,
    delayMedianMs: sorted[Math.floor(sorted.length / 2)] ?? null,
    delayMaxMs: sorted.at(-1) ?? null,
  }),
);
