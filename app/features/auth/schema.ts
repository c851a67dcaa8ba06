import { isStorableText, unstorableMessage, z } from "~/lib/zod";

export const LoginSchema = z.object({
  username: z
    .string()
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(1, "Username is required")
    .max(100, "Username is too long"),
  password: z.string().min(1, "Password is required").max(1000, "Password is too long"),
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
