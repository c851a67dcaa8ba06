import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "#db/test-databases";
import { deliveryKinds } from "~/deliveries.server";
import { createAccount } from "~/features/auth/account-creation.server";
import { setMessageStatus } from "~/features/contact/inbox.server";
import { setOrderStatus } from "~/features/orders/admin.server";
import { OrderRequestSchema } from "~/features/orders/schema";
import { storeOrder } from "~/features/orders/store.server";
import { completeOrderForm } from "../support/orders";
import { ContactFormSchema } from "~/features/contact/schema";
import { storeContactMessage } from "~/features/contact/store.server";
import { answerHandler, confirmAnswer } from "~/features/leads/answers.server";
import { waitingLeads } from "~/features/leads/queue.server";
import { recordCall, sendReply, threadOf } from "~/features/leads/replies.server";
import { leadKinds } from "~/lead-kinds.server";
import { parseConfig } from "~/lib/config.server";
import { setLogLevel } from "~/lib/logger.server";
import { readMailbox } from "~/lib/mailbox/reader.server";
import { deliverDue, resetMailer } from "~/lib/outbox/delivery.server";
import { erasePersonalData, findPersonalData } from "~/lib/personal-data.server";
import { useTestDatabase } from "~/lib/test-database";
import { personalDataSources } from "~/personal-data.server";
import { startDovecot, type TestMailbox } from "../support/dovecot";
import { mailHeader, startSmtp } from "../support/mail";
import { requires } from "../support/requires";
import { testHashParams } from "../support/hash-params";

setLogLevel("silent");

const header = mailHeader;

/** An answer as a mail client writes one: their words, the quoted reply, and any attachments. */
function answerMail({
  from,
  to,
  inReplyTo,
  subject = "Re: Your cushion",
  text,
  id,
  attachments = [],
}: {
  from: string;
  to: string;
  inReplyTo?: string;
  subject?: string;
  text: string;
  id: string;
  attachments?: { name: string; type: string; bytes: Buffer }[];
}): string {
  const head = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: Mon, 30 Nov 2026 10:00:00 -0500`,
    `Message-ID: <${id}@mail.example.org>`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    "MIME-Version: 1.0",
  ];
  if (attachments.length === 0) return [...head, "Content-Type: text/plain; charset=utf-8", "", text, ""].join("\r\n");
  const boundary = "----answer-boundary";
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    ...attachments.flatMap((file) => [
      `--${boundary}`,
      `Content-Type: ${file.type}; name="${file.name}"`,
      `Content-Disposition: attachment; filename="${file.name}"`,
      "Content-Transfer-Encoding: base64",
      "",
      ...(file.bytes.toString("base64").match(/.{1,76}/g) ?? []),
    ]),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

const hasDovecot = requires("the support mailbox's answers", "dovecot");

describe.runIf(hasDovecot).each(testDialects)(
  "visitors' emailed answers, through a real IMAP server, on %s",
  (dialect) => {
    const database = useTestDatabase(dialect);
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let mailbox: TestMailbox;
    let config: ReturnType<typeof parseConfig>;
    let staff: { accountId: string; username: string };
    let serial = 0;

    beforeAll(async () => {
      [smtp, mailbox] = await Promise.all([startSmtp(), startDovecot()]);
      config = parseConfig({
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: "hello@aquila.example",
        SITE_EMAIL: "support@aquila.example",
        SITE_URL: "https://aquila.example",
        IMAP_HOST: mailbox.host,
        IMAP_PORT: String(mailbox.port),
        IMAP_USER: mailbox.user,
        IMAP_PASSWORD: mailbox.password,
        IMAP_SECURE: "none",
      });
      staff = {
        accountId: await createAccount(`answers-${dialect}`, "granite-willow-parcel-73", "leads", {
          hashParams: testHashParams,
        }),
        username: `answers-${dialect}`,
      };
    });
    afterAll(async () => {
      resetMailer();
      await Promise.all([smtp.close(), mailbox.stop()]);
    });

    /** A message from `name`, answered by staff by email: the lead, and the reply as it was sent. */
    async function answeredLead(name: string, arrived = new Date("2026-11-23T15:00:00Z")) {
      const email = `${name.toLowerCase()}.${dialect}@example.org`;
      const id = await storeContactMessage(
        ContactFormSchema.parse({ name, email, topic: "support", message: "My cushion leaks.", consent: "on" }),
        arrived,
        [],
      );
      const lead = { kind: leadKinds.message, id };
      const repliedAt = new Date(arrived.getTime() + 3_600_000);
      expect(
        await sendReply(
          staff,
          lead,
          { subject: "Your cushion", body: `Hello ${name},\n\nCould we call you?` },
          repliedAt,
          config,
        ),
      ).toMatchObject({ ok: true });
      const before = smtp.received.length;
      await deliverDue(deliveryKinds, config, () => repliedAt);
      const sent = smtp.received.slice(before).filter((mail) => mail.to.includes(email));
      expect(sent).toHaveLength(1);
      return { id, lead, email, sent: sent[0]!.raw };
    }

    const turn = (at = new Date("2026-11-30T15:05:00Z")) =>
      readMailbox(
        config.imap!,
        answerHandler(leadKinds, config, () => at),
        { now: () => at },
      );

    const leadRow = (id: string) =>
      database()
        .db.selectFrom("contact_messages")
        .select(["status", "answer_due_at", "answer_late_at", "reply_token"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();

    it("sends replies answering to the lead's own address, and brings the answer back into its thread", async () => {
      const { id, lead, email, sent } = await answeredLead("Kim");
      const { reply_token: token } = await leadRow(id);
      expect(token).toMatch(/^[a-z2-7]{10}$/);
      expect(header(sent, "Reply-To")).toBe(`support+${token}@aquila.example`);
      const messageId = header(sent, "Message-ID");
      expect(messageId).toMatch(/^<reply-[0-9a-f-]{36}@aquila\.example>$/);
      // Marked handled before the answer: the answer opens it again.
      await setMessageStatus(staff, id, "handled");

      const photo = Buffer.alloc(2_000, 7);
      const video = Buffer.alloc(10 * 1024 * 1024 + 1, 9);
      const uid = await mailbox.deliver(
        answerMail({
          from: `Kim Park <${email.toUpperCase()}>`,
          to: `support+${token}@aquila.example`,
          inReplyTo: messageId,
          id: `kim-${++serial}`,
          text: "Thursday morning works.\r\n\r\nKim\r\n\r\nOn Mon, Nov 23, 2026 at 11:00 AM Aquila <support@aquila.example> wrote:\r\n> Hello Kim,\r\n> Could we call you?",
          attachments: [
            { name: "valve.jpg", type: "image/jpeg", bytes: photo },
            { name: "leak.mp4", type: "video/mp4", bytes: video },
          ],
        }),
      );
      const report = await turn();
      expect(report.outcomes).toEqual({ stored: 1 });
      expect(await mailbox.flags(uid)).toContain("\\Seen");

      const answer = (await threadOf(lead)).find((entry) => entry.kind === "answer")!;
      expect(answer).toMatchObject({
        title: `Answer from ${email}`,
        by: "Kim Park",
        body: "Thursday morning works.\n\nKim",
        held: null,
        subject: "Re: Your cushion",
      });
      expect(answer.quoted).toContain("> Could we call you?");
      expect(answer.files?.map((f) => [f.name, f.size, Boolean(f.href)])).toEqual([
        ["leak.mp4", video.length, false],
        ["valve.jpg", photo.length, true],
      ]);
      const kept = await database()
        .db.selectFrom("lead_answer_files")
        .select(["name", "bytes"])
        .where("name", "=", "valve.jpg")
        .executeTakeFirstOrThrow();
      expect(Buffer.from(kept.bytes!).equals(photo)).toBe(true);

      // Waiting on us again: opened, due one business day after the answer (Monday 10:05 a.m. Eastern).
      expect(await leadRow(id)).toMatchObject({
        status: "new",
        answer_due_at: "2026-12-01T15:05:00.000Z",
      });
      const queued = await waitingLeads(leadKinds, new Date("2026-11-30T16:00:00Z"));
      expect([...queued.today, ...queued.later, ...queued.overdue].map((item) => item.id)).toContain(id);

      // The next turn finds nothing new to read.
      expect((await turn()).read).toBe(0);

      // A second answer while the first waits: in the thread, and the first one's due time stands.
      await mailbox.deliver(
        answerMail({ from: email, to: `support+${token}@aquila.example`, id: `kim-${++serial}`, text: "Or Friday." }),
      );
      expect((await turn(new Date("2026-11-30T16:05:00Z"))).outcomes).toEqual({ stored: 1 });
      expect(await leadRow(id)).toMatchObject({ answer_due_at: "2026-12-01T15:05:00.000Z" });

      // A call answers it: stamped with who and how long, and the lead waits on them.
      await recordCall(staff, lead, { outcome: "spoke", note: "Thursday it is." }, new Date("2026-11-30T17:05:00Z"));
      expect(await leadRow(id)).toMatchObject({ answer_due_at: null });
      const answered = (await threadOf(lead)).filter((entry) => entry.kind === "answer");
      expect(answered.map((entry) => entry.answered)).toEqual([
        `Answered by ${staff.username} after 2 h of business time.`,
        `Answered by ${staff.username} after 1 h of business time.`,
      ]);

      // A data request for the person hands over their answers, with what they attached; erasing
      // the person erases the answers and the kept files with the message.
      const found = await findPersonalData(personalDataSources, email);
      const record = found.kinds.find((k) => k.kind === "messages")?.records.find((r) => r.id === id);
      const answers = record?.data.answers as Array<{ body: string; attachments: Array<{ name: string }> }>;
      expect(answers.map((entry) => [entry.body, entry.attachments.map((f) => f.name).sort()])).toEqual([
        ["Thursday morning works.\n\nKim", ["leak.mp4", "valve.jpg"]],
        ["Or Friday.", []],
      ]);
      const erased = await erasePersonalData(staff, personalDataSources, email, found.fingerprint);
      expect(erased).toMatchObject({ ok: true });
      const left = await database()
        .db.selectFrom("lead_answer_files")
        .innerJoin("lead_answers", "lead_answers.id", "lead_answer_files.answer_id")
        .select("lead_answer_files.id")
        .where("lead_answers.message_id", "=", id)
        .execute();
      expect(left).toEqual([]);
    });

    it("holds an answer from another address, or naming one lead and answering another's email, until staff confirm", async () => {
      const kim = await answeredLead("Lena");
      const other = await answeredLead("Omar");
      const { reply_token: token } = await leadRow(kim.id);
      // Someone who learned the address writes from their own.
      await mailbox.deliver(
        answerMail({
          from: "stranger@example.net",
          to: `support+${token}@aquila.example`,
          id: `forged-${++serial}`,
          text: "Please send me her order details.",
        }),
      );
      // Lena's own address, but answering Omar's email.
      await mailbox.deliver(
        answerMail({
          from: kim.email,
          to: `support+${token}@aquila.example`,
          inReplyTo: header(other.sent, "Message-ID"),
          id: `crossed-${++serial}`,
          text: "Crossed wires.",
        }),
      );
      expect((await turn()).outcomes).toEqual({ held: 2 });
      const thread = await threadOf(kim.lead);
      // Both came in the same turn, at the same moment: compared in a fixed order.
      const held = thread.filter((entry) => entry.kind === "answer").sort((a, b) => a.body.localeCompare(b.body));
      expect(held.map((entry) => [entry.body, entry.held])).toEqual([
        ["Crossed wires.", "Its address names this lead, but it answers an email about another one."],
        [
          "Please send me her order details.",
          `It was sent from stranger@example.net, not from the address this lead gave (${kim.email}).`,
        ],
      ]);
      // Nothing on Omar's lead, and Lena's does not wait on us for a held answer.
      expect((await threadOf(other.lead)).filter((entry) => entry.kind === "answer")).toEqual([]);
      expect(await leadRow(kim.id)).toMatchObject({ answer_due_at: null });

      expect(await confirmAnswer(staff, kim.lead, held[0]!.id, new Date("2026-11-30T16:00:00Z"))).toBe(true);
      expect(await leadRow(kim.id)).toMatchObject({ answer_due_at: "2026-12-01T15:05:00.000Z" });
      expect(await confirmAnswer(staff, kim.lead, held[0]!.id)).toBe(false);
    });

    it("leaves mail it cannot match, or cannot read, in the mailbox unread, and looks at it once", async () => {
      const unmatched = await mailbox.deliver(
        answerMail({
          from: "someone@example.net",
          to: "support@aquila.example",
          id: `plain-${++serial}`,
          text: "Do you ship to Canada?",
        }),
      );
      const forged = await mailbox.deliver(
        answerMail({
          from: "someone@example.net",
          to: "support+zzzzzzzzzz@aquila.example",
          inReplyTo: "<reply-00000000-0000-4000-8000-000000000000@aquila.example>",
          id: `guess-${++serial}`,
          text: "A guessed token.",
        }),
      );
      const garbage = await mailbox.deliver(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x0d, 0x0a, 0x0d, 0x0a, 0x80, 0x81]));
      expect((await turn()).outcomes).toEqual({ unmatched: 2, unreadable: 1 });
      for (const uid of [unmatched, forged, garbage]) expect(await mailbox.flags(uid)).not.toContain("\\Seen");
      expect((await turn()).read).toBe(0);
    });

    it("gives a message back when the connection drops while it is read, and reads it whole on the next turn", async () => {
      const lead = await answeredLead("Uma");
      const { reply_token: token } = await leadRow(lead.id);
      const photo = Buffer.alloc(6 * 1024 * 1024, 3);
      await mailbox.deliver(
        answerMail({
          from: lead.email,
          to: `support+${token}@aquila.example`,
          id: `cut-${++serial}`,
          text: "The photo you asked for.",
          attachments: [{ name: "pump.jpg", type: "image/jpeg", bytes: photo }],
        }),
      );
      // A connection to the mailbox that is cut once 1 MB has come back through it.
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((client) => {
        const upstream = net.connect(mailbox.port, mailbox.host);
        sockets.add(client).add(upstream);
        let passed = 0;
        client.pipe(upstream);
        upstream.on("data", (chunk: Buffer) => {
          passed += chunk.length;
          if (passed > 1024 * 1024) {
            client.destroy();
            upstream.destroy();
          } else client.write(chunk);
        });
        for (const socket of [client, upstream]) socket.on("error", () => {});
      });
      await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
      try {
        const cut = { ...config.imap!, port: (relay.address() as net.AddressInfo).port };
        const at = new Date("2026-11-30T15:05:00Z");
        const began = Date.now();
        await expect(
          readMailbox(
            cut,
            answerHandler(leadKinds, config, () => at),
            { now: () => at },
          ),
        ).rejects.toThrow();
        expect(Date.now() - began).toBeLessThan(10_000);
        expect(await threadOf(lead.lead)).toHaveLength(1);
        // Nothing half-kept: the claim was given back, and the next turn reads it whole.
        expect((await turn()).outcomes).toEqual({ stored: 1 });
        const answer = (await threadOf(lead.lead)).find((entry) => entry.kind === "answer")!;
        expect(answer.files?.map((file) => [file.name, file.size])).toEqual([["pump.jpg", photo.length]]);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => relay.close(() => resolve()));
      }
    });

    it("keeps a contacted order request contacted when its requester answers, waiting on us; a held answer confirmed after a call counts as answered by it", async () => {
      const email = `rosa.${dialect}@example.org`;
      const order = await storeOrder(OrderRequestSchema.parse({ ...completeOrderForm, email }), {
        now: new Date("2026-11-23T15:00:00Z"),
        config,
      });
      const ref = { kind: leadKinds.order, id: order.id };
      await sendReply(
        staff,
        ref,
        { subject: "Your order", body: "When may we call?" },
        new Date("2026-11-23T16:00:00Z"),
        config,
      );
      await setOrderStatus(staff, order.id, "contacted");
      const row = () =>
        database()
          .db.selectFrom("order_requests")
          .select(["status", "answer_due_at", "reply_token"])
          .where("id", "=", order.id)
          .executeTakeFirstOrThrow();
      const { reply_token: token } = await row();
      await mailbox.deliver(
        answerMail({ from: email, to: `support+${token}@aquila.example`, id: `rosa-${++serial}`, text: "Tuesday." }),
      );
      await mailbox.deliver(
        answerMail({
          from: "rosa.work@example.net",
          to: `support+${token}@aquila.example`,
          id: `rosa-${++serial}`,
          text: "From work.",
        }),
      );
      expect((await turn()).outcomes).toEqual({ stored: 1, held: 1 });
      expect(await row()).toMatchObject({ status: "contacted", answer_due_at: "2026-12-01T15:05:00.000Z" });
      // A call answers the one that counts; the held one, confirmed later, was answered by that call.
      await recordCall(staff, ref, { outcome: "spoke", note: "" }, new Date("2026-11-30T16:05:00Z"));
      const held = (await threadOf(ref)).find((entry) => entry.held)!;
      expect(await confirmAnswer(staff, ref, held.id, new Date("2026-11-30T17:00:00Z"))).toBe(true);
      expect(await row()).toMatchObject({ status: "contacted", answer_due_at: null });
      const confirmed = (await threadOf(ref)).find((entry) => entry.id === held.id)!;
      expect(confirmed.answered).toBe(`Answered by ${staff.username} after 1 h of business time.`);
    });

    it("reads each message once when two instances take their turns at the same moment", async () => {
      const leads = [];
      for (const name of ["Ana", "Ben", "Cy"]) leads.push(await answeredLead(name));
      for (const lead of leads) {
        const { reply_token: token } = await leadRow(lead.id);
        await mailbox.deliver(
          answerMail({ from: lead.email, to: `support+${token}@aquila.example`, id: `both-${++serial}`, text: "Yes." }),
        );
      }
      const [first, second] = await Promise.all([turn(), turn()]);
      expect((first.outcomes.stored ?? 0) + (second.outcomes.stored ?? 0)).toBe(3);
      for (const lead of leads)
        expect((await threadOf(lead.lead)).filter((entry) => entry.kind === "answer")).toHaveLength(1);
    });
  },
);
