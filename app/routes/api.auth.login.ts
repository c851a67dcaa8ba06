import { data } from "react-router";
import { signIn } from "~/features/auth/sign-in.server";
import { ApiLoginSchema } from "~/features/auth/schema";
import { setCookieHeaders } from "~/lib/cookies.server";
import { methodNotAllowed, readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import { fieldErrorsOf } from "~/lib/zod";
import type { Route } from "./+types/api.auth.login";

export const loader = methodNotAllowed("POST");

/**
 * POST {username, password} → {user: {username}} and the session cookie. Every role but a
 * moderator adds `code` (an authenticator or recovery code); without it they get 401 saying so
 * (decision 024).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonOrForm(request);
  if (!body.ok) return data({ error: body.error }, { status: body.status });
  const parsed = ApiLoginSchema.safeParse(body.value);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return data({ error: Object.values(errors)[0] ?? "Invalid request", errors }, { status: 400 });
  }
  const { username, password, code } = parsed.data;
  const result = await signIn(request, username, password, context.clientIp ?? "unknown", Date.now(), {
    code,
    api: true,
  });
  if (!result.ok) {
    const headers = retryAfterHeaders(result);
    return data({ error: result.message }, { status: result.status, headers });
  }
  return data(
    { user: { username: result.staff.username } },
    { headers: setCookieHeaders(result.cookie, result.deviceCookie) },
  );
}
