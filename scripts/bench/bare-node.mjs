// A bare Node HTTP server for `npm run bench:throughput`: it answers each path with the status,
// headers and bytes it was handed, and does nothing else. Its rate is what Node's own HTTP layer
// reaches on the machine, the ceiling for the site's static answers, which do the same work plus
// finding the file and choosing its encoding.
//   node scripts/bench/bare-node.mjs <answers.json> <port>
// answers.json: { "<path>": { "headers": ["Name", "value", ...], "body": "<base64>" } }
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error("usage: node scripts/bench/bare-node.mjs <answers.json> <port>");
  process.exit(2);
}
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, "utf8"))).map(([urlPath, answer]) => [
    urlPath,
    { headers: answer.headers, body: Buffer.from(answer.body, "base64") },
  ]),
);

createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
}).listen(Number(port), "127.0.0.1");
