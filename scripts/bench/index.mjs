// `npm run bench`: Lighthouse on every public page, then throughput, then the figures the test
// suites left in reports/; each rewrites its own section of docs/benchmarks.md.
import { readOptions } from "./common.mjs";
import { benchLighthouse } from "./lighthouse.mjs";
import { benchProof } from "./proof.mjs";
import { benchThroughput } from "./throughput.mjs";

const started = Date.now();
try {
  const options = readOptions();
  // `--only` names a case of the throughput benchmark: that case alone, as bench:throughput runs it.
  if (options.only !== undefined)
    throw new Error(`--only runs one case alone: use npm run bench:throughput -- --only ${options.only}`);
  await benchLighthouse(options);
  await benchThroughput(options);
  benchProof();
  console.log(`Benchmarks finished in ${Math.round((Date.now() - started) / 1000)} s.`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
