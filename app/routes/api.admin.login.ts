import { data } from "react-router";
import { builtInUsername } from "~/features/auth/account-creation.server";
import { signIn } from "~/features/auth/sign-in.server";
import { AdminPasswordSchema } from "~/features/auth/schema";
import { setCookieHeaders } from "~/lib/cookies.server";
import { methodNotAllowed, readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import type { Route } from "./+types/api.admin.login";

export const loader = methodNotAllowed("POST");

/** POST {password}: signs in as the built-in moderator account (the testimonials page's admin box). */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonOrForm(request);
  if (!body.ok) return data({ error: body.error }, { status: body.status });
  const parsed = AdminPasswordSchema.safeParse(body.value);
  if (!parsed.success) return data({ error: "Password is required" }, { status: 400 });
  const result = await signIn(request, builtInUsername, parsed.data.password, context.clientIp ?? "unknown");
  if (!result.ok) {
    const headers = retryAfterHeaders(result);
    return data(
      { error: result.status === 401 ? "Incorrect admin password" : result.message },
      { status: result.status, headers },
    );
  }
  return data(
    { user: { username: result.staff.username } },
    { headers: setCookieHeaders(result.cookie, result.deviceCookie) },
  );
}
