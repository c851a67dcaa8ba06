import type { ModerationIntent } from "./schema";

/**
 * Every outcome a visitor or a moderator is told about, in the spec's words (section 8), written
 * once: the page without JavaScript shows them as text, with JavaScript as toasts too.
 */
export interface Notice {
  title: string;
  description: string;
}

export const reviewOutcomes = {
  submitted: { title: "Testimonial Submitted", description: "Thank you! Your review will be published once approved." },
  failed: { title: "Submission Failed", description: "Please try again later" },
  rateLimited: { title: "Submission Failed", description: "Too many reviews were sent from your connection just now. Please wait a few minutes and try again." },
  missing: { title: "Missing Information", description: "Please fill in all required fields" },
} as const satisfies Record<string, Notice>;

export const moderationOutcomes = {
  approve: {
    ok: { title: "Testimonial Approved", description: "The testimonial is now live on the website." },
    failed: { title: "Approval Failed", description: "Failed to approve the testimonial. Please try again." },
  },
  unpublish: {
    ok: { title: "Testimonial Unpublished", description: "The testimonial is no longer shown on the website." },
    failed: { title: "Unpublish Failed", description: "Failed to unpublish the testimonial. Please try again." },
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
} as const satisfies Record<ModerationIntent, { ok: Notice; failed: Notice }>;

export const adminAccessOutcomes = {
  granted: { title: "Admin Access Granted", description: "You can now manage testimonials" },
  denied: { title: "Access Denied", description: "Incorrect admin password" },
} as const satisfies Record<string, Notice>;
