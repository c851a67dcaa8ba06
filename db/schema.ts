import type { Generated } from "kysely";
import type { ContactTopicValue } from "../app/content/contact";

/**
 * Table types shared by both dialects. Booleans are stored as 0/1 and times as ISO-8601 UTC text,
 * so SQLite and PostgreSQL return the same JavaScript values and sort the same way.
 */
/**
 * Why staff did not publish a review (declined, unpublished or deleted), from a fixed list: the
 * public ledger counts each one, and the moderation policy explains each one.
 */
export const reviewDeclineReasons = [
  "off-topic",
  "someone-elses-information",
  "offensive",
  "duplicate",
  "spam",
  "medical-claim",
  "reviewer-request",
] as const;
export type ReviewDeclineReason = (typeof reviewDeclineReasons)[number];

/** Who wrote a review: the cushion's user, with or without help, or someone on their behalf. */
export const reviewWriters = ["self", "helped", "caregiver", "family", "clinician"] as const;
export type ReviewWriter = (typeof reviewWriters)[number];

/**
 * A review's state is read from two columns: published when `approved` is 1; not published when
 * `decline_reason` is set (and `approved` is 0); otherwise awaiting moderation.
 */
export interface TestimonialTable {
  id: string;
  name: string;
  email: string;
  rating: number;
  quote: string;
  context: string | null;
  /** JSON array of tag values. */
  tags: string;
  approved: Generated<number>;
  verified: Generated<number>;
  created_at: string;
  approved_at: string | null;
  written_by: Generated<ReviewWriter>;
  decline_reason: ReviewDeclineReason | null;
  /** Staff's own words on a decision; never shown publicly. */
  decline_note: string | null;
  declined_at: string | null;
  /** The company's one public reply, shown under the review. */
  reply: string | null;
  reply_at: string | null;
  reply_by: string | null;
  /** JSON array of { code, detail }: the weaker spam signals it arrived with, shown to staff as a "possible spam" mark; null when none. */
  spam_signals: string | null;
  /** The answer to "How did you hear about us?" (app/content/heard.ts), or null when none was given. */
  heard_from: string | null;
}

/**
 * A deleted review leaves only this behind: when it arrived, when it went and why, with none of
 * its words or its writer, so the public ledger's "received" count never shrinks when staff delete.
 */
export interface ReviewRemovalTable {
  id: string;
  /** Null when deleted through the JSON API (docs/requirements.md §5.3), which carries no reason. */
  reason: ReviewDeclineReason | null;
  received_at: string;
  removed_at: string;
}

/** A contact message's topic: the values of the one list in app/content/contact.ts (`contactTopics`); a test checks the migration's CHECK agrees. */
export type ContactTopic = ContactTopicValue;

/**
 * The columns every lead's table has (a contact message, an order request), whatever else it
 * stores; the staff side reads them for every kind (app/lib/lead-kind.ts).
 */
export interface LeadColumns {
  id: string;
  received_at: string;
  /** The first of the kind's statuses while it waits for staff. */
  status: string;
  /** JSON array of { code, detail }: the weaker spam signals it arrived with, shown to staff as a "possible spam" mark; null when none. */
  spam_signals: string | null;
  /** When a reply is due and when it is late (docs/requirements.md §4.8), ISO UTC; fixed when stored. */
  reply_due_at: string | null;
  reply_late_at: string | null;
  /** The account handling it, or null while no one is. */
  assigned_to: string | null;
  /** The first reply emailed or call recorded, who made it, and the business minutes it took from arrival. */
  first_reply_at: string | null;
  first_reply_by: string | null;
  reply_minutes: number | null;
  /** What follows "+" in the reply address of the emails staff send about it; made at the first one. */
  reply_token: string | null;
  /** When a visitor's answer waits on staff: due and late as a new lead's would be, from when it arrived. */
  answer_due_at: string | null;
  answer_late_at: string | null;
}

export interface ContactMessageTable extends LeadColumns {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  topic: ContactTopic;
  message: string;
  consent: number;
  consent_at: string;
  received_at: string;
  /** "new" until a staff member marks it handled. */
  status: "new" | "handled";
  handled_at: string | null;
  /** The answer to "How did you hear about us?" (app/content/heard.ts), or null when none was given. */
  heard_from: string | null;
}

/** The channels a delivery is sent on ("none": stored only, nothing to send). */
export const sendingChannels = ["email", "forward"] as const;
export type OutboxChannel = (typeof sendingChannels)[number] | "none";
/**
 * What a visitor sends through a public form, each with one key wherever it is named: the outbox,
 * the spam store, the form counts and, for a message and an order request, the staff side's kind
 * of lead (app/lead-kinds.server.ts). A visitor's message is `message`, though its table is
 * `contact_messages` and its page /contact (README, "Words used here").
 */
export const submissionKinds = ["review", "message", "order"] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

/**
 * What an outbox row delivers, written once: each submission kind (a message, a new pending
 * review, an order request, to staff), an order request's receipt (to the requester), a staff
 * member's reply to a lead (to the requester) and a daily digest (to staff). Each kind has a
 * handler in app/deliveries.server.ts; the database refuses any other value.
 */
export const outboxKinds = [...submissionKinds, "order-receipt", "reply", "digest"] as const;
export type OutboxKind = (typeof outboxKinds)[number];
export type OutboxStatus = "pending" | "sent" | "failed" | "stored_only";

/** Deliveries to make, written in the same transaction as what they deliver. */
export interface OutboxTable {
  id: string;
  kind: OutboxKind;
  ref_id: string;
  channel: OutboxChannel;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** What a held submission would have become: the spam store's kinds, the submission kinds. */
export const spamKinds = submissionKinds;
export type SpamKind = SubmissionKind;

/**
 * Submissions that passed validation but look automated. Kept, never published or delivered,
 * until staff release them ("Not spam") or delete them; purged after 30 days and capped in count.
 */
export interface SpamTable {
  id: string;
  kind: SpamKind;
  /** JSON object of the submitted fields the form's schema knows, as sent, so a release parses them again. */
  payload: string;
  /** JSON array of { code, detail } explaining why it was held. */
  reasons: string;
  received_at: string;
}

export const orderStatuses = ["new", "contacted", "closed"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * An order request from /order (docs/requirements.md §3.4). Lists are JSON arrays of option values. The
 * fitting and health details (sitting hours, discomfort areas, sensitivity, medical notes) stay
 * here: no delivery carries them.
 */
export interface OrderRequestTable extends LeadColumns {
  id: string;
  /** What the requester and staff quote, such as AQ-7K3M-9QX2; unique. */
  reference: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** Set when a caregiver, clinician or dealer fills it in for the cushion user. */
  submitted_by_name: string | null;
  submitted_by_relationship: string | null;
  country: string;
  state: string;
  zip_code: string;
  wheelchair_type: string;
  seat_width_in: number;
  seat_depth_in: number;
  current_cushion: string | null;
  daily_sitting_hours: string;
  discomfort_areas: string;
  sensitivity_level: string;
  priorities: string;
  pad_size: string;
  cover_type: string;
  controller_placement: string;
  medical_notes: string | null;
  privacy_consent_at: string;
  medical_disclaimer_at: string;
  received_at: string;
  status: OrderStatus;
  status_changed_at: string | null;
  /** The answer to "How did you hear about us?" (app/content/heard.ts), or null when none was given. */
  heard_from: string | null;
}

/** Fixed-window counters shared by every instance (so limits hold behind a load balancer). */
export interface RateLimitTable {
  key: string;
  /** Start of the window, in whole seconds since the epoch. */
  window_start: number;
  count: number;
}

/**
 * Sign-in attempts counted against their address, one row each, so a limit can say exactly when
 * the next attempt is allowed. A row is stored before the password is checked, so attempts sent at
 * once are counted like attempts sent one by one, and deleted again when the password was right or
 * was never checked: the rows that stay are the failures (docs/decisions/010-sign-in-limits.md).
 * Rows older than a day are purged.
 */
export interface SignInFailureTable {
  id: string;
  /** The username tried, lower-cased (whether or not such an account exists). */
  account: string;
  /** The address block tried from: an IPv4 address or an IPv6 /64 (app/lib/address-block.server.ts). */
  ip: string;
  at: string;
  /** The hash of the device cookie the attempt carried for this account, if it had a known one. */
  device: string | null;
}

/**
 * Browsers that have signed in to an account (docs/decisions/030-known-devices.md): the hash of
 * the token in each one's device cookie, never the token. A sign-in carrying a known one is
 * counted against the device instead of its address. Gone when the account's password changes,
 * it is disabled or its second factor is reset, when the browser signs in again (a new token),
 * and a year after it was given.
 */
export interface SignInDeviceTable {
  id_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
}

export interface AccountTable {
  id: string;
  username: string;
  /** scrypt$N$r$p$salt$hash, base64url parts. */
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** owner, leads or moderator (app/lib/staff.ts); "owner" unless given. */
  role: Generated<string>;
  /** Set when an owner disables the account: it cannot sign in, and its sessions ended then. */
  disabled_at: string | null;
  /** The authenticator app's shared secret, base32, once the person has confirmed a code from it. */
  totp_secret: string | null;
  /** A secret offered on the enrolment page, not yet confirmed with a code. */
  totp_pending_secret: string | null;
  /** The 30-second step of the last code accepted: a code is used once. */
  totp_last_step: number | null;
  /** Where the person's daily list of due work goes; none is sent without it. */
  email: string | null;
}

/** A reply emailed or a call recorded on one lead: a message or an order request. */
export interface LeadReplyTable {
  id: string;
  message_id: string | null;
  order_id: string | null;
  kind: "email" | "call";
  /** A call's outcome (app/lib/replies.ts); null for an email. */
  outcome: string | null;
  to_address: string | null;
  subject: string | null;
  /** The email's text, or the call's note ("" when none). */
  body: string;
  account_id: string;
  /** The account's name when it replied, kept if the account is later renamed or removed. */
  account_name: string;
  created_at: string;
  /** The lead's reply token when the email was queued: its delivery answers to support+token@…. */
  reply_token: string | null;
}

/**
 * A visitor's email answer to a staff reply, read from the support mailbox. Held (held_reason
 * set) when it does not plainly belong to the lead: staff confirm it before it counts.
 */
export interface LeadAnswerTable {
  id: string;
  message_id: string | null;
  order_id: string | null;
  from_address: string;
  from_name: string | null;
  subject: string;
  /** What they wrote, with the quoted history taken off into `quoted`. */
  body: string;
  quoted: string | null;
  /** The email's own Message-ID. */
  mail_id: string | null;
  /** The email's Date header, when it has one. */
  sent_at: string | null;
  received_at: string;
  held_reason: string | null;
  confirmed_by: string | null;
  confirmed_at: string | null;
  /** The staff reply or call that answered it, and the business minutes that took. */
  answered_at: string | null;
  answered_by: string | null;
  answer_minutes: number | null;
}

/** A file attached to an answer: always listed, its bytes kept when they are at most 10 MB. */
export interface LeadAnswerFileTable {
  id: string;
  answer_id: string;
  name: string;
  type: string;
  size: number;
  bytes: Uint8Array | null;
}

/** A staff member's internal note on a lead: never emailed. */
export interface LeadNoteTable {
  id: string;
  message_id: string | null;
  order_id: string | null;
  body: string;
  account_id: string;
  account_name: string;
  created_at: string;
}

/** What became of one message in the support mailbox, so each is read by one instance, once. */
export type MailboxClaimState = "reading" | "stored" | "held" | "unmatched" | "unreadable" | "too-large";
export interface MailboxClaimTable {
  key: string;
  state: MailboxClaimState;
  locked_until: string | null;
  answer_id: string | null;
  updated_at: string;
}

/** A topic's reply template as staff last saved it. */
export interface ReplyTemplateTable {
  topic: string;
  subject: string;
  body: string;
  updated_at: string;
  updated_by: string;
}

/** A named reply staff saved for a topic, offered beside its template when answering. */
export interface SavedReplyTable {
  id: string;
  topic: string;
  name: string;
  subject: string;
  body: string;
  updated_at: string;
  updated_by: string;
}

/** A business day whose digest has been made, by whichever instance came first. */
export interface DigestDayTable {
  day: string;
  claimed_at: string;
}

/** One person's daily list (links only), as queued for the outbox. */
export interface DigestTable {
  id: string;
  day: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

/** The public reply figures of one kind of lead, as last computed. */
export interface ResponseFigureTable {
  kind: string;
  leads: number;
  within: number;
  median_minutes: number | null;
}

export interface SessionTable {
  /** SHA-256 of the session token; the token itself only ever lives in the cookie. */
  id_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** When this session proved a second factor; null while it has only the password. */
  second_factor_at: string | null;
  /** When its person last proved who they are; sensitive actions need this within 5 minutes. */
  confirmed_at: string | null;
  /** The browser it was made in, so a person can tell their sessions apart. */
  user_agent: string | null;
}

/** A one-time recovery code, stored as SHA-256 of the code (they are random, 50 bits each). */
export interface RecoveryCodeTable {
  code_hash: string;
  account_id: string;
  created_at: string;
  used_at: string | null;
}

/** A passkey (WebAuthn credential) of a staff account. */
export interface PasskeyTable {
  /** The credential id, base64url. */
  id: string;
  account_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of the transports the browser reported, or null. */
  transports: string | null;
  /** What the person sees in their list ("Passkey added 26 Nov 2026"). */
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge given out and not yet answered; taken (deleted) by the answer. */
export interface PasskeyChallengeTable {
  challenge: string;
  /** "register", "sign-in", "second-step" or "confirm". */
  purpose: string;
  /** For all but a sign-in: the session that asked (its id hash). */
  session_hash: string | null;
  expires_at: string;
}

/** A one-time link an owner made for a new person (valid 24 hours). */
export interface InvitationTable {
  /** SHA-256 of the token in the link. */
  id_hash: string;
  username: string;
  role: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set when the link chooses a new password for this existing account instead of making one. */
  account_id: string | null;
}

/** A content item as published (migration 0027): its JSON value and the version it is. */
export interface ContentItemTable {
  key: string;
  version: number;
  body: string;
  published_by: string;
  published_at: string;
}

/** Every version of an item ever published; a restore is a new version saying which it copied. */
export interface ContentVersionTable {
  key: string;
  version: number;
  body: string;
  published_by: string;
  published_at: string;
  restored_from: number | null;
}

/** An item's unpublished draft, shared by every editor; `revision` moves at each save. */
export interface ContentDraftTable {
  key: string;
  body: string;
  revision: number;
  saved_by: string;
  saved_at: string;
}

/**
 * A file an editor uploaded (migration 0029): a manual's PDF or a photo, named by the SHA-256 of
 * the bytes sent, with what was read from them. A photo's original is not kept: only its resized
 * copies (`upload_files`), with no camera data in them.
 */
export interface UploadTable {
  /** The first 32 hex digits of the SHA-256 of the uploaded bytes. */
  id: string;
  kind: "manual" | "photo";
  /** The file's name as uploaded, made safe for an address ("auto-start-booklet.pdf"). */
  name: string;
  /** What the bytes are: application/pdf, image/jpeg, image/png or image/webp. */
  type: string;
  size: number;
  /** A photo's size in pixels, upright; null for a PDF. */
  width: number | null;
  height: number | null;
  /** A PDF's number of pages; null for a photo. */
  pages: number | null;
  /** A photo's resized widths, as JSON ("[160,320,640]"); null for a PDF. */
  widths: string | null;
  uploaded_by: string;
  uploaded_at: string;
}

/** The bytes the site serves for an upload: a PDF as sent, or one size and format of a photo. */
export interface UploadFileTable {
  /** The address under /files/: "<upload id>/<name>.pdf" or "<upload id>/<width>.avif". */
  path: string;
  upload: string;
  type: string;
  size: number;
  bytes: Buffer;
}

/**
 * A staff form posted after its person's session had ended (migration 0028), kept for a few hours
 * so the page can show it again, filled, once they have signed in: never saved by itself.
 */
export interface HeldPostTable {
  /** SHA-256 of the random id in the browser's cookie; the id itself is never stored. */
  id_hash: string;
  /** The page the form was posted to ("/admin/content/company"). */
  path: string;
  /** The form's fields, URL-encoded, at most as long as a body the server accepts. */
  body: string;
  /** The account of the session that had ended, when the cookie still named one. */
  account_id: string | null;
  created_at: string;
}

/** An owner's review of one wording of a claim, with their note. */
export interface ClaimReviewTable {
  id: string;
  claim: string;
  wording: string;
  note: string;
  reviewed_by: string;
  reviewed_at: string;
}

export interface AuditLogTable {
  id: string;
  account_id: string | null;
  username: string;
  action: string;
  target_type: string;
  target_id: string | null;
  detail: string | null;
  at: string;
}

/**
 * An Idempotency-Key a JSON client sent with a POST, per endpoint, and the answer it got: a
 * repeat with the same key and body is answered the same, and stores nothing (decision 021).
 * Purged a day after it arrived.
 */
export interface IdempotencyKeyTable {
  /**
   * The API route it was sent to ("contact", "orders", "testimonials"), or the page form whose
   * one-time submission key it is ("contact-form", …): a key counts per endpoint.
   */
  endpoint: string;
  /**
   * An API key as `<hash of the client's address>:<key>`, so that each client's keys are its own
   * (clientKey in app/lib/idempotency.server.ts); a page form's one-time key as issued.
   */
  key: string;
  /** SHA-256 of the request body: the same key from the same client with another body is refused (422). */
  body_hash: string;
  /** The answer's status; null while the first request with this key is still being answered. */
  status: number | null;
  /** The answer's JSON body. */
  response: string | null;
  created_at: string;
}

/** A secret the site made for itself, shared by every instance (migration 0016). */
export interface SiteSecretTable {
  /** What it is for ("form-ticket"). */
  name: string;
  /** Random bytes, base64url. */
  value: string;
  created_at: string;
}

/**
 * Views of public pages per day (in the office's time zone), page and where the visit came from;
 * nothing about who viewed them (docs/decisions/029). A view from another page of the site has
 * channel "internal"; any other is a visit's entry.
 */
export interface VisitCountTable {
  day: string;
  /** The route's path from the route manifest, never the address as sent. */
  page: string;
  /** "internal", or where an entry came from: "direct", "search", "social", "email", "site" or "campaign". */
  channel: string;
  /** The search engine, network or site ("Google", "example.org"), or the campaign's utm_source; "" when none. */
  source: string;
  /** A campaign's utm_medium; "" when none. */
  medium: string;
  /** A campaign's utm_campaign; "" when none. */
  campaign: string;
  views: number;
}

/** A form's counted events per day: "step-N" (the order form's steps), "stored", "heard:<answer>". */
export interface FormCountTable {
  day: string;
  form: SubmissionKind;
  event: string;
  count: number;
}

export interface Database {
  accounts: AccountTable;
  sessions: SessionTable;
  audit_log: AuditLogTable;
  content_items: ContentItemTable;
  content_versions: ContentVersionTable;
  content_drafts: ContentDraftTable;
  claim_reviews: ClaimReviewTable;
  held_posts: HeldPostTable;
  uploads: UploadTable;
  upload_files: UploadFileTable;
  recovery_codes: RecoveryCodeTable;
  invitations: InvitationTable;
  passkeys: PasskeyTable;
  passkey_challenges: PasskeyChallengeTable;
  testimonials: TestimonialTable;
  review_removals: ReviewRemovalTable;
  contact_messages: ContactMessageTable;
  order_requests: OrderRequestTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  spam: SpamTable;
  sign_in_failures: SignInFailureTable;
  sign_in_devices: SignInDeviceTable;
  idempotency_keys: IdempotencyKeyTable;
  site_secrets: SiteSecretTable;
  lead_replies: LeadReplyTable;
  lead_answers: LeadAnswerTable;
  lead_answer_files: LeadAnswerFileTable;
  lead_notes: LeadNoteTable;
  mailbox_claims: MailboxClaimTable;
  reply_templates: ReplyTemplateTable;
  saved_replies: SavedReplyTable;
  digest_days: DigestDayTable;
  digests: DigestTable;
  response_figures: ResponseFigureTable;
  visit_counts: VisitCountTable;
  form_counts: FormCountTable;
}
