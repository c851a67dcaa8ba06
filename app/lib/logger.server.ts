/**
 * Structured logs: one JSON object per line on stdout, so a log shipper can parse them and a
 * person can still grep them. No stack traces ever reach a visitor; they go here.
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

let threshold = order[(process.env.LOG_LEVEL as Level | undefined) ?? "info"] ?? order.info;

export function setLogLevel(level: Level | "silent") {
  threshold = order[level];
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg, ...fields };
  const error = fields?.error;
  if (error instanceof Error) line.error = { name: error.name, message: error.message, stack: error.stack };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
