import { emailAddress, isStorableText, unstorableMessage, z } from "~/lib/zod";
import { inviteFields } from "./account-fields";

export const LoginSchema = z.object({
  username: z
    .string()
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, "Username is required")
    .max(100, "Username is too long"),
  password: z.string().min(1, "Password is required").max(1000, "Password is too long"),
});

/** The JSON sign-in: the same, with an optional second factor for every role but a moderator (decision 024). */
export const ApiLoginSchema = LoginSchema.extend({
  code: z.string().trim().min(1, "Code is empty").max(40, "Code is too long").optional(),
});

/** A username a new account may take: what people type and read back, never the shared `admin`. */
export const NewUsernameSchema = z
  .string("Username is required")
  .trim()
  .min(2, "Username is at least 2 characters")
  .max(inviteFields.username.max, `Username is at most ${inviteFields.username.max} characters`)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, "Use lowercase letters, digits, dots, dashes or underscores")
  .refine((name) => name !== "admin", "admin is the shared reviews account; choose a person's name");

/** Accepting an invitation: a password, twice; the policy is checked after this. */
export const NewPasswordSchema = z
  .object({
    password: z.string("Choose a password").min(1, "Choose a password").max(1000, "Password is too long"),
    confirm: z.string("Type the password again"),
  })
  .refine((form) => form.confirm === form.password, {
    path: ["confirm"],
    message: "The two passwords are not the same",
  });

/** The testimonials page's admin box asks only for the password of the built-in account. */
export const AdminPasswordSchema = z.object({
  password: z.string().min(1, "Password is required").max(1000, "Password is too long"),
});

/** A person changing their own password; the policy (password-policy.server.ts) is checked after this. */
export const PasswordChangeSchema = z
  .object({
    current: z.string("Your current password is required").min(1, "Your current password is required").max(1000),
    password: z.string("Choose a new password").min(1, "Choose a new password").max(1000, "Password is too long"),
    confirm: z.string("Type the new password again"),
  })
  .refine((form) => form.confirm === form.password, {
    path: ["confirm"],
    message: "The two new passwords are not the same",
  });

/** Where an invitation's link is emailed, when the owner gives an address (an empty field sends none). */
export const InviteEmailSchema = emailAddress(inviteFields.email.max);
