import { defineFields } from "~/lib/form-fields";

/**
 * The forms of a person's own account page: labels and limits written once, for the form, its
 * error summary and what a refused post keeps (README, "Adding a form").
 */
export const passwordFields = defineFields({
  current: { label: "Current password" },
  password: { label: "New password" },
  confirm: { label: "New password again" },
});

export const dailyEmailFields = defineFields({
  email: { label: "Email for your daily list", max: 254 },
});

/** The owner's invitation: the label of each field, and the longest text each takes. */
export const inviteFields = defineFields({
  username: { label: "Username", max: 40 },
  role: { label: "Role" },
  email: { label: "Their email address (optional)", max: 254 },
});
