import { z } from "zod";

/**
 * Every setting the server reads from its environment, validated once at start.
 * Defaults make `npm start` work with nothing configured; `.env.example` documents each one.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional());
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

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
    CONTACT_FORWARD_URL: optionalUrl,
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
    FORM_MIN_FILL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60_000).default(2500)),
    FORM_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5)),
    SPAM_MAX_ROWS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(1_000_000).default(10_000)),
    MESSAGE_RETENTION_MONTHS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(120).default(24)),
    PAGE_CACHE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60_000).default(2000)),
    SHUTDOWN_DRAIN_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(5000).default(2000)),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
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
      contactForwardUrl: env.CONTACT_FORWARD_URL,
      trustProxy: env.TRUST_PROXY === "true",
      logLevel: env.LOG_LEVEL,
      shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
      pageCacheMs: env.PAGE_CACHE_MS,
      /** A form sent sooner than this after it was shown carries one spam signal (never a verdict alone). */
      formMinFillMs: env.FORM_MIN_FILL_MS,
      /** Public form posts allowed per visitor address in ten minutes. */
      formRateLimit: env.FORM_RATE_LIMIT,
      /** The spam store keeps at most this many submissions, newest first. */
      spamMaxRows: env.SPAM_MAX_ROWS,
      /** Handled contact messages older than this are deleted by the daily purge. */
      messageRetentionMonths: env.MESSAGE_RETENTION_MONTHS,
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
  return JSON.stringify([config.siteUrl, config.siteEmail, config.orderFormUrl ?? null]);
}
