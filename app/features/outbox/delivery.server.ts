import nodemailer, { type Transporter } from "nodemailer";
import type { OutboxTable } from "../../../db/schema";
import { company } from "~/content/site";
import { topicLabel } from "~/features/contact/schema";
import { type Config, getConfig } from "~/lib/config.server";
import { db } from "~/lib/db.server";
import { log } from "~/lib/logger.server";
import { claimDueItem, markFailedAttempt, markSent } from "./outbox.server";

/** What a delivery says, built from the stored record (never from the request). */
interface Notice {
  subject: string;
  text: string;
  replyTo?: string;
  json: Record<string, unknown>;
}

/** No line breaks in anything that becomes a header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ").slice(0, 200);
}

async function buildNotice(item: Pick<OutboxTable, "kind" | "ref_id">, config: Config): Promise<Notice | undefined> {
  if (item.kind === "contact") {
    const message = await db().selectFrom("contact_messages").selectAll().where("id", "=", item.ref_id).executeTakeFirst();
    if (!message) return undefined;
    const topic = topicLabel(message.topic);
    return {
      subject: oneLine(`[${company.name} contact] ${topic} from ${message.name}`),
      replyTo: message.email,
      text: [
        `New message from the ${company.name} website.`,
        "",
        `Topic: ${topic}`,
        `Name: ${message.name}`,
        `Email: ${message.email}`,
        `Phone: ${message.phone ?? "(not given)"}`,
        `Received: ${message.received_at}`,
        "",
        message.message,
        "",
        `Open the inbox: ${config.siteUrl}/admin/messages/${message.id}`,
      ].join("\n"),
      json: {
        id: message.id,
        name: message.name,
        email: message.email,
        phone: message.phone,
        topic: message.topic,
        topicLabel: topic,
        message: message.message,
        consent: message.consent === 1,
        receivedAt: message.received_at,
      },
    };
  }
  const review = await db().selectFrom("testimonials").selectAll().where("id", "=", item.ref_id).executeTakeFirst();
  if (!review) return undefined;
  return {
    subject: oneLine(`[${company.name} reviews] New review from ${review.name} awaits approval`),
    text: [
      `A new review was submitted and is waiting for moderation.`,
      "",
      `Name: ${review.name}`,
      `Rating: ${review.rating} out of 10`,
      "",
      review.quote,
      "",
      `Moderate it: ${config.siteUrl}/admin/testimonials`,
    ].join("\n"),
    json: { id: review.id, name: review.name, rating: review.rating, quote: review.quote, createdAt: review.created_at },
  };
}

let transporter: Transporter | undefined;

function mailer(config: Config): Transporter {
  if (!config.smtp) throw new Error("SMTP is not configured");
  transporter ??= nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return transporter;
}

export function resetMailer() {
  transporter?.close();
  transporter = undefined;
}

async function send(item: OutboxTable, notice: Notice, config: Config) {
  if (item.channel === "email") {
    if (!config.smtp) throw new Error("SMTP is not configured any more");
    await mailer(config).sendMail({
      from: config.smtp.from,
      to: config.staffEmail ?? config.siteEmail,
      replyTo: notice.replyTo,
      subject: notice.subject,
      text: notice.text,
    });
    return;
  }
  if (item.channel === "forward") {
    if (!config.contactForwardUrl) throw new Error("CONTACT_FORWARD_URL is not set any more");
    const response = await fetch(config.contactForwardUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ kind: item.kind, ...notice.json }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`forward answered ${response.status}`);
  }
}

/** Sends every item that is due now, one at a time; returns how many were attempted. */
export async function deliverDue(config: Config = getConfig(), now = () => new Date()): Promise<number> {
  let attempted = 0;
  for (;;) {
    const item = await claimDueItem(now());
    if (!item) return attempted;
    attempted++;
    try {
      const notice = await buildNotice(item, config);
      if (!notice) {
        await markSent(item.id, now());
        continue;
      }
      await send(item, notice, config);
      await markSent(item.id, now());
      log.info("delivered", { kind: item.kind, ref: item.ref_id, channel: item.channel });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markFailedAttempt(item, message, now());
      log.warn("delivery failed; will retry", { kind: item.kind, ref: item.ref_id, channel: item.channel, attempts: item.attempts, error: message });
    }
  }
}

/** Runs deliveries in the server process: on a timer, and right after something is queued. */
export function startDeliveryWorker(intervalMs = 5_000) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await deliverDue();
    } catch (error) {
      log.error("delivery worker failed", { error });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  nudge = () => void tick();
  void tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      nudge = () => {};
      while (running) await new Promise((resolve) => setTimeout(resolve, 25));
      resetMailer();
    },
  };
}

let nudge: () => void = () => {};

/** Ask the worker to look now (after a request queued something). */
export function nudgeDeliveryWorker() {
  nudge();
}
