import { company } from "~/content/site";
import type { FailureProblem } from "~/lib/forms";
import { type ModerationIntent, moderationIntents } from "./fields";

/**
 * Every outcome a visitor or a moderator is told about, in the words of docs/requirements.md §6.1, written
 * once: the page without JavaScript shows them as text, with JavaScript as toasts too.
 */
export interface Notice {
  title: string;
  description: string;
}

export const reviewOutcomes = {
  submitted: { title: "Testimonial Submitted", description: "Thank you! Your review will be published once approved." },
  failed: { title: "Submission Failed", description: "Please try again later" },
  rateLimited: {
    title: "Submission Failed",
    description: "Too many reviews were sent from your connection just now. Please wait a few minutes and try again.",
  },
  missing: { title: "Missing Information", description: "Please fill in all required fields" },
} as const satisfies Record<string, Notice>;

export const moderationOutcomes = {
  publish: {
    ok: { title: "Testimonial Approved", description: "The testimonial is now live on the website." },
    failed: { title: "Approval Failed", description: "Failed to approve the testimonial. Please try again." },
  },
  decline: {
    ok: {
      title: "Not Published",
      description: "The review is not shown on the website; its reason is counted on the reviews page.",
    },
    failed: { title: "Decision Failed", description: "Failed to record the decision. Please try again." },
  },
  delete: {
    ok: { title: "Testimonial Deleted", description: "The testimonial has been successfully removed." },
    failed: { title: "Delete Failed", description: "Failed to delete the testimonial. Please try again." },
  },
  verify: {
    ok: { title: "Marked Verified", description: "The review is marked as coming from a confirmed customer." },
    failed: { title: "Update Failed", description: "Failed to mark the review verified. Please try again." },
  },
  unverify: {
    ok: { title: "Verified Mark Removed", description: "The review is no longer marked verified." },
    failed: { title: "Update Failed", description: "Failed to remove the verified mark. Please try again." },
  },
  reply: {
    ok: { title: "Reply Saved", description: "The reply is shown under the review while the review is published." },
    failed: { title: "Reply Failed", description: "Failed to save the reply. Please try again." },
  },
  "remove-reply": {
    ok: { title: "Reply Removed", description: "The reply is no longer shown." },
    failed: { title: "Reply Not Removed", description: "Failed to remove the reply. Please try again." },
  },
} as const satisfies Record<ModerationIntent, { ok: Notice; failed: Notice }>;

export const adminAccessOutcomes = {
  granted: { title: "Admin Access Granted", description: "You can now manage testimonials" },
  denied: { title: "Access Denied", description: "Incorrect admin password" },
} as const satisfies Record<string, Notice>;

/** Where the reviews page's admin box is: its forms send the visitor back there, with the outcome. */
export const adminSectionAddress = "/testimonials#admin-section";

/** A moderation's outcome as the panel on the reviews page tells it; no intent: the form was not one. */
export type PanelModeration = { ok: boolean; intent?: ModerationIntent };

/** A moderation with no intent to name it. */
const moderationFailed: Notice = {
  title: "Moderation Failed",
  description: "The review could not be changed. Please try again.",
};

export function moderationNotice(result: PanelModeration): Notice {
  if (!result.intent) return moderationFailed;
  return result.ok ? moderationOutcomes[result.intent].ok : moderationOutcomes[result.intent].failed;
}

/**
 * A moderation's outcome carried to the reviews page in a one-time notice's id ("ok-0-…"): whether
 * it worked, the intent's place in the list, and `unique`, so the next identical outcome is told too.
 */
export function moderationNoticeId(result: PanelModeration, unique: string): string {
  const intent = result.intent ? moderationIntents.indexOf(result.intent) : "x";
  return `${result.ok ? "ok" : "no"}-${intent}-${unique}`;
}

export function readModerationNoticeId(id: string): PanelModeration {
  const [ok, intent] = id.split("-");
  return { ok: ok === "ok", intent: moderationIntents[Number(intent)] };
}

/**
 * What the review form and the API say when a valid review was not taken, by why. A full spam
 * store names both other ways to reach the company: the phone and `email`, the support address
 * (configuration, SITE_EMAIL).
 */
export function failureOutcome(problem: FailureProblem, email: string): Notice {
  switch (problem) {
    case "rate-limited":
      return reviewOutcomes.rateLimited;
    case "unavailable":
      return reviewOutcomes.failed;
    case "full":
      return {
        title: reviewOutcomes.failed.title,
        description: `Reviews cannot be accepted just now: too many automated posts are waiting for review, and yours was not stored. Please try again in an hour, call us on ${company.phone.display}, or email ${email}.`,
      };
  }
}
