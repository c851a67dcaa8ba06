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
