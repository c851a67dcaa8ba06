import { isIP } from "node:net";
import { z } from "zod";

/**
 * Every setting the server reads from its environment, validated once at start.
 * Defaults make `npm start` work with nothing configured; `.env.example` documents each one.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional());
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** Named ranges Express understands in a trusted-proxy list. */
const proxyRangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies may tell the app the visitor's address (X-Forwarded-For): none (`false`, the
 * default), the nearest N hops, or proxies at the listed addresses. Never "every hop": the
 * left-most X-Forwarded-For entry is whatever the client wrote, so trusting all of it let a
 * visitor choose their own address for rate limits and logs.
 */
const TrustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default("false")
    .transform((value, ctx): false | number | string[] => {
      const text = value.trim();
      if (text === "false" || text === "0") return false;
      if (text === "true") {
        ctx.addIssue({
          code: "custom",
          message:
            "true (trust every hop) is no longer accepted: it let a client choose its own address. Set the number of proxies in front of the app (1 behind deploy/nginx.conf) or their addresses (loopback, 10.0.0.0/8, ...).",
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(",").map((entry) => entry.trim());
      const wrong = entries.filter((entry) => !isProxyAddress(entry));
      if (wrong.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `expected false, a number of proxy hops, or addresses; not an address: ${wrong.join(", ")}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalString,
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().default("./data/aquila.sqlite")),
    SITE_URL: optionalUrl,
    SITE_EMAIL: z.preprocess(emptyToUndefined, z.email().default("support@aquila.example")),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12).optional()),
    ORDER_FORM_URL: optionalUrl,
    STAFF_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    SMTP_HOST: optionalString,
    SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(587)),
    SMTP_SECURE: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
    SMTP_USER: optionalString,
    SMTP_PASS: optionalString,
    SMTP_FROM: z.preprocess(emptyToUndefined, z.email().optional()),
    IMAP_HOST: optionalString,
    IMAP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(993)),
    IMAP_SECURE: z.preprocess(emptyToUndefined, z.enum(["true", "starttls", "none"]).optional()),
    IMAP_USER: optionalString,
    IMAP_PASSWORD: optionalString,
    IMAP_MAILBOX: z.preprocess(emptyToUndefined, z.string().default("INBOX")),
    IMAP_POLL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(60)),
    CONTACT_FORWARD_URL: optionalUrl,
    ORDER_FORWARD_URL: optionalUrl,
    TRUST_PROXY: TrustProxySchema,
    FORM_MIN_FILL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60_000).default(2500)),
    FORM_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5)),
    SPAM_MAX_ROWS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(1_000_000).default(10_000)),
    STAFF_EMAIL_CONTENT: z.preprocess(emptyToUndefined, z.enum(["link", "full"]).default("link")),
    MESSAGE_RETENTION_MONTHS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(120).default(24)),
    ORDER_RETENTION_MONTHS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(120).optional()),
    REVIEW_RETENTION_MONTHS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(120).default(12)),
    SPAM_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(365).default(30)),
    PAGE_CACHE: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
    VISIT_COUNTS: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
    VISIT_FLUSH_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(60_000).default(5000)),
    VIEW_LOG: z.preprocess(
      emptyToUndefined,
      z.string().startsWith("/", "VIEW_LOG must be an absolute path (the file nginx logs views to)").optional(),
    ),
    SHUTDOWN_DRAIN_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(5000).default(2000)),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(24, "METRICS_TOKEN must be at least 24 characters (openssl rand -hex 24)").optional(),
    ),
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  })
  .transform((env) => {
    const siteUrl = new URL(env.SITE_URL ?? `http://localhost:${env.PORT}`);
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === "production",
      port: env.PORT,
      host: env.HOST,
      databaseUrl: env.DATABASE_URL,
      siteUrl: siteUrl.origin,
      siteIsHttps: siteUrl.protocol === "https:",
      siteEmail: env.SITE_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      orderFormUrl: env.ORDER_FORM_URL,
      staffEmail: env.STAFF_EMAIL,
      smtp: env.SMTP_HOST
        ? {
            host: env.SMTP_HOST,
            port: env.SMTP_PORT,
            secure: env.SMTP_SECURE === "true",
            user: env.SMTP_USER,
            pass: env.SMTP_PASS,
            from: env.SMTP_FROM ?? env.SITE_EMAIL,
          }
        : undefined,
      /**
       * The support mailbox, read over IMAP for visitors' answers to staff replies
       * (app/features/leads/answers.server.ts); off unless IMAP_HOST and IMAP_USER are set.
       * `tls`: "true", TLS from the first byte (the default on port 993); "starttls", STARTTLS,
       * required, so the password never crosses in clear (the default on any other port); "none",
       * no TLS at all, for a mail server on the same private network (and the tests' own).
       */
      imap:
        env.IMAP_HOST && env.IMAP_USER
          ? {
              host: env.IMAP_HOST,
              port: env.IMAP_PORT,
              tls: env.IMAP_SECURE ?? (env.IMAP_PORT === 993 ? "true" : "starttls"),
              user: env.IMAP_USER,
              password: env.IMAP_PASSWORD ?? "",
              mailbox: env.IMAP_MAILBOX,
              pollMs: env.IMAP_POLL_SECONDS * 1000,
            }
          : undefined,
      contactForwardUrl: env.CONTACT_FORWARD_URL,
      /** Order requests are forwarded here, else to CONTACT_FORWARD_URL; never with health details. */
      orderForwardUrl: env.ORDER_FORWARD_URL ?? env.CONTACT_FORWARD_URL,
      /** Express's "trust proxy": false, a hop count, or proxy addresses (see TrustProxySchema). */
      trustProxy: env.TRUST_PROXY,
      logLevel: env.LOG_LEVEL,
      /**
       * Prometheus metrics (server/metrics.ts): `/metrics` on the site's port for a request bearing
       * this token, and/or on this port bound to loopback; off when neither is set.
       */
      metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
      shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
      /** Keep anonymous renders of the cached routes until a write changes them (server/page-cache.ts). */
      pageCache: env.PAGE_CACHE === "on",
      /**
       * Daily counts of page views, entries and the order form's steps, without identifiers
       * (app/features/visits, docs/decisions/029), written to the database every `flushMs`;
       * `viewLog`: the file nginx logs the views of the pages it serves itself to, which this
       * instance reads and counts (one instance only, docs/deploy.md).
       */
      visitCounts: { on: env.VISIT_COUNTS === "on", flushMs: env.VISIT_FLUSH_MS, viewLog: env.VIEW_LOG },
      /** A form sent sooner than this after it was shown carries one spam signal (never a verdict alone). */
      formMinFillMs: env.FORM_MIN_FILL_MS,
      /** Public form posts allowed per visitor address in ten minutes. */
      formRateLimit: env.FORM_RATE_LIMIT,
      /** The spam store keeps at most this many submissions, newest first. */
      spamMaxRows: env.SPAM_MAX_ROWS,
      /**
       * What a staff email says: "link" (the default) names who wrote and links to the admin, so
       * nothing a visitor typed about their health travels by email; "full" adds what they wrote
       * (never an order's fitting and health details), for a mail system approved for it.
       */
      staffEmailContent: env.STAFF_EMAIL_CONTENT,
      /** How long each kind of submission is kept; the daily purge applies it, /privacy states it. */
      retention: {
        /** Handled contact messages, counted from arrival. */
        messageMonths: env.MESSAGE_RETENTION_MONTHS,
        /** Closed order requests, counted from arrival (MESSAGE_RETENTION_MONTHS unless set). */
        orderMonths: env.ORDER_RETENTION_MONTHS ?? env.MESSAGE_RETENTION_MONTHS,
        /** Reviews not published, from the decision; and a published review's email address, from publication. */
        reviewMonths: env.REVIEW_RETENTION_MONTHS,
        /** Suspected spam, from arrival. */
        spamDays: env.SPAM_RETENTION_DAYS,
      },
    };
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return result.data;
}

let current: Config | undefined;

/** The process-wide configuration, parsed from `process.env` on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** The settings that change what a prerendered page contains; a change means rendering again. */
export function renderFingerprint(config: Config): string {
  return JSON.stringify([config.siteUrl, config.siteEmail, config.orderFormUrl ?? null, privacyFacts(config)]);
}

/**
 * What the privacy page states about this deployment: how long each kind is kept, whether staff
 * emails carry what visitors wrote, and whether copies are forwarded to another service. The
 * page is prerendered, so these are part of the render fingerprint: a change renders it again.
 */
export function privacyFacts(config: Config) {
  return {
    retention: config.retention,
    staffEmail: config.smtp ? config.staffEmailContent : ("off" as const),
    forwardsMessages: Boolean(config.contactForwardUrl),
    forwardsOrders: Boolean(config.orderForwardUrl),
    hostedOrderForm: Boolean(config.orderFormUrl),
  };
}

export type PrivacyFacts = ReturnType<typeof privacyFacts>;
