// `npm run bench:throughput`: requests per second and latency of the Node server under wrk, next
// to nginx on the same bytes, and what a render costs as the number of reviews grows.
import { countReviews, passFail, readOptions, runAsMain, startSite, writeReport } from "./common.mjs";
import { acceptEncoding, findWrk, pinning, load } from "./throughput/wrk.mjs";
import {
  pairTurns,
  fetchRaw,
  filesByEtag,
  largestScript,
  startBareNode,
  startNginx,
  keptCopy,
  compare,
} from "./throughput/servers.mjs";
import {
  growthLevels,
  firstWarmupSeconds,
  growthTurns,
  growthTurnSeconds,
  growthRoutes,
  measureRoute,
} from "./throughput/growth.mjs";
import { markdown, runHeader } from "./throughput/report.mjs";
import { clean, ratio, fmt, spread, medianTurn } from "./throughput/figures.mjs";
import { benchHostile } from "./throughput/hostile.mjs";
import { switches, benchSwitch } from "./throughput/switches.mjs";

const review = JSON.stringify({
  name: "Bench",
  email: "bench@example.com",
  rating: 9,
  quote: "A bench review of the cushion.",
  tags: [],
});

/** @param {import("./common.mjs").BenchOptions & { wrk?: string, pin?: ReturnType<typeof pinning>, check?: () => void }} [options] */
export async function benchThroughput(options = readOptions()) {
  const started = Date.now();
  const { wrk, version: wrkVersion } = findWrk();
  const pin = pinning();
  if (options.only !== undefined && options.only !== "hostile" && !Object.hasOwn(switches, options.only))
    throw new Error(
      `--only: the throughput benchmark's cases run alone are "hostile", "metrics" and "counting", not ${options.only}`,
    );
  if (options.only === "hostile") return benchHostile({ ...options, wrk, wrkVersion, pin }, started);
  if (options.only !== undefined)
    return benchSwitch({ ...options, wrk, wrkVersion, pin }, started, switches[options.only]);
  options = { ...options, wrk, pin };
  const serverCpu = pin.pinned ? pin.server : undefined;
  const site = await startSite({ reviews: options.reviews, cpu: serverCpu });
  options = { ...options, check: site.check };
  let nginx;
  let bare;
  /** @type {Array<{ level: number, site: Awaited<ReturnType<typeof startSite>>, routes?: any }>} */
  const growthSites = [];
  try {
    const headers = { "Accept-Encoding": acceptEncoding };
    // The file the Node server answers /about with (default theme, no cookie), found by its ETag.
    const byEtag = filesByEtag();
    const pagePath = "/about";
    const nodePage = await fetchRaw(`${site.url}${pagePath}`, { headers });
    const pageMeta = byEtag.get(nodePage.headers.etag);
    if (nodePage.status !== 200 || !pageMeta)
      throw new Error(
        `${pagePath} did not come from a prerendered file (status ${nodePage.status}, ETag ${nodePage.headers.etag})`,
      );
    const assetPath = largestScript();
    const nodeAsset = await fetchRaw(`${site.url}${assetPath}`, { headers });
    if (nodeAsset.status !== 200) throw new Error(`${assetPath}: status ${nodeAsset.status}`);

    // The pages Node keeps after rendering them once, copied byte for byte (plain and gzip) into
    // nginx's folder, so a kept page is measured against nginx sending the very same bytes.
    const keptPaths = ["/testimonials", "/"];
    const kept = [];
    for (const [i, keptPath] of keptPaths.entries())
      kept.push({ path: keptPath, file: `kept-${i}.html`, ...(await keptCopy(site.url, keptPath)) });
    nginx = await startNginx({
      page: { path: pagePath, file: pageMeta.file, headers: nodePage.headers },
      asset: { path: assetPath, headers: nodeAsset.headers },
      kept,
      pin,
    });
    bare = await startBareNode(site.url, [pagePath, assetPath, ...keptPaths], pin);
    const servers = {
      node: { name: "Node", url: site.url },
      nginx: { name: "nginx", url: nginx.url },
      bare: { name: "bare Node", url: bare.url },
    };
    const checks = [];
    for (const urlPath of [pagePath, assetPath, ...keptPaths]) checks.push(await compare(servers, urlPath));
    for (const check of checks.filter((c) => !c.ok))
      console.warn(`Warning: the servers' answers differ for ${check.path}: ${JSON.stringify(check)}`);

    const cases = {};
    // Node, nginx and the bare Node server in turns, their order reversed every other turn, each
    // summed up by its median turn: measured once each, one after the other, a drift in the
    // machine's speed between the runs became part of the ratio.
    const pair = async (key, label, urlPath) => {
      const runs = { node: [], nginx: [], bare: [] };
      for (let turn = 0; turn < pairTurns; turn++) {
        const sides = turn % 2 === 0 ? ["node", "nginx", "bare"] : ["bare", "nginx", "node"];
        for (const side of sides)
          runs[side].push(
            await load(`${label} (${servers[side].name}, turn ${turn + 1})`, options, {
              url: `${servers[side].url}${urlPath}`,
            }),
          );
      }
      const [node, viaNginx, viaBare] = [runs.node, runs.nginx, runs.bare].map(medianTurn);
      cases[key] = {
        label,
        path: urlPath,
        node,
        nginx: viaNginx,
        bare: viaBare,
        ratio: ratio(node.requestsPerSec, viaNginx.requestsPerSec),
        bareRatio: ratio(node.requestsPerSec, viaBare.requestsPerSec),
      };
    };
    await pair("page", `Prerendered page \`${pagePath}\` (${pageMeta.file})`, pagePath);
    await pair("asset", `Hashed asset \`${assetPath}\``, assetPath);
    await pair(
      "keptTestimonials",
      `\`/testimonials\` kept after one render (${fmt(options.reviews)} reviews)`,
      "/testimonials",
    );
    await pair("keptHome", "`/` kept after one render", "/");
    await nginx.stop();
    await bare.stop();

    const single = async (key, label, target) => {
      const node = await load(label, options, target);
      cases[key] = { label, path: new URL(target.url).pathname, method: target.method ?? "GET", node };
    };
    const before = countReviews(site.databaseFile);
    await single("apiPost", "`POST /api/testimonials` (JSON as in requirements.md §5.2, stored)", {
      url: `${site.url}/api/testimonials`,
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: review,
    });
    cases.apiPost.stored = countReviews(site.databaseFile) - before;
    await site.stop();

    // Data growth: a server per level, each with the page cache off and a database of its own,
    // measured in turns and summed up by each route's median turn. Within a turn each route is
    // measured on the three servers one after the other, in a different order for the next route
    // and the next turn: measured one level after the other, a machine whose speed drifts over
    // minutes showed the drift as a cost of the data.
    for (const level of growthLevels)
      growthSites.push({
        level,
        site: await startSite({ reviews: level, cpu: serverCpu, env: { PAGE_CACHE: "off" } }),
      });
    for (const g of growthSites) g.routes = growthRoutes(g.site.databaseFile);
    const routes = /** @type {ReturnType<typeof growthRoutes>} */ (growthSites[0]?.routes);
    // A fresh server compiles its render code during its first few thousand renders; without
    // this the first turn measured the compiler rather than the data.
    for (const g of growthSites)
      for (const route of g.routes)
        await measureRoute({ ...options, duration: firstWarmupSeconds, warmup: 0 }, g, route);
    /** @type {Map<number, Array<Record<string, any>>>} */
    const turns = new Map(growthLevels.map((level) => [level, Array.from({ length: growthTurns }, () => ({}))]));
    /** The results of `level` in `turn`, by route. */
    const turnOf = (level, turn) => /** @type {Record<string, any>} */ (turns.get(level)?.[turn]);
    for (let turn = 0; turn < growthTurns; turn++) {
      for (const [index, { key }] of routes.entries()) {
        const order = (turn + index) % 2 === 0 ? growthSites : [...growthSites].reverse();
        for (const g of order)
          turnOf(g.level, turn)[key] = await measureRoute(
            { ...options, duration: growthTurnSeconds },
            g,
            g.routes[index],
          );
      }
    }
    for (const { site: s } of growthSites.splice(0)) await s.stop();
    const levels = growthLevels.map((level) => ({
      reviews: level,
      results: Object.fromEntries(
        routes.map(({ key }) => [key, medianTurn((turns.get(level) ?? []).map((turn) => turn[key]))]),
      ),
    }));
    const growth = {
      turns: growthTurns,
      turnSeconds: growthTurnSeconds,
      levels,
      routes: routes.map(({ key, label, note }) => ({ key, label, ...(note ? { note } : {}) })),
    };

    const at = (reviews) => growth.levels.find((level) => level.reviews === reviews)?.results;
    const mid = at(10_000);
    if (!mid) throw new Error("no run with 10,000 reviews");
    const flat = ["testimonials", "tag", "middle", "oldest"].map((key) => ({
      key,
      spread: spread(growth.levels.map((level) => level.results[key].requestsPerSec)),
    }));
    const all = [
      ...Object.values(cases).flatMap((c) => [c.node, ...(c.nginx ? [c.nginx, c.bare] : [])]),
      ...growth.levels.flatMap((level) => Object.values(level.results)),
    ];
    const targets = [
      {
        name: "prerendered page, Node ≥ 0.6 × nginx req/s",
        ok: cases.page.ratio >= 0.6,
        actual: `${cases.page.ratio.toFixed(2)} ×`,
      },
      {
        name: "hashed asset, Node ≥ 0.6 × nginx req/s",
        ok: cases.asset.ratio >= 0.6,
        actual: `${cases.asset.ratio.toFixed(2)} ×`,
      },
      ...["keptTestimonials", "keptHome"].map((key) => ({
        name: `${cases[key].label}: at static-file speed, Node ≥ 0.6 × nginx on the same bytes`,
        ok: cases[key].ratio >= 0.6,
        actual: `${cases[key].ratio.toFixed(2)} ×`,
      })),
      ...["testimonials", "tag", "middle", "oldest"].map((key) => ({
        name: `\`${growth.routes.find((r) => r.key === key)?.label}\` rendered on every request with 10,000 reviews: ≥ 500 req/s and p99 < 50 ms`,
        ok: mid[key].requestsPerSec >= 500 && mid[key].latencyP99Ms < 50,
        actual: `${fmt(mid[key].requestsPerSec)} req/s, p99 ${mid[key].latencyP99Ms} ms`,
      })),
      ...flat.map(({ key, spread: s }) => ({
        name: `\`${growth.routes.find((r) => r.key === key)?.label}\` within 20 % at ${growthLevels.map(fmt).join(" / ")} reviews`,
        ok: s <= 20,
        actual: `${s} % apart`,
      })),
      {
        name: "every case answered, with no errors, timeouts or non-2xx responses",
        ok: all.every(clean),
        actual: `${all.filter((r) => r.requests === 0).length} cases with no answer in time, ${all.reduce((n, r) => n + r.errors + r.timeouts, 0)} errors and timeouts, ${all.reduce((n, r) => n + r.non2xx, 0)} non-2xx`,
      },
      {
        name: "Node, nginx and the bare Node server sent identical responses",
        ok: checks.every((c) => c.ok),
        actual: checks.map((c) => `${c.path} ${c.ok ? "same" : "different"}`).join(", "),
      },
    ].map((t) => ({ ...t, result: passFail(t.ok) }));

    const data = {
      ...runHeader(options, wrkVersion, pin),
      seconds: 0,
      checks,
      cases,
      growth,
      targets,
    };
    data.seconds = Math.round((Date.now() - started) / 1000);
    const text = markdown(data);
    console.log(`\n${text}\n`);
    writeReport("throughput", data, text);
    await benchHostile({ ...options, wrkVersion }, Date.now());
    return data;
  } finally {
    await nginx?.stop();
    await bare?.stop();
    await site.stop();
    for (const { site: s } of growthSites) await s.stop();
  }
}

runAsMain(import.meta.url, () => benchThroughput());
