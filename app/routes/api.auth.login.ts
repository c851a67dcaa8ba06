import { data } from "react-router";
import { signIn } from "~/features/auth/auth.server";
import { LoginSchema } from "~/features/auth/schema";
import { methodNotAllowed, readJsonOrForm, retryAfterHeaders } from "~/lib/request.server";
import { fieldErrorsOf } from "~/lib/zod";
import type { Route } from "./+types/api.auth.login";

export const loader = methodNotAllowed("POST");

/** POST {username, password} → {user: {username}} and the session cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonOrForm(request);
  if (!body.ok) return data({ error: body.error }, { status: body.status });
  const parsed = LoginSchema.safeParse(body.value);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return data({ error: Object.values(errors)[0] ?? "Invalid request", errors }, { status: 400 });
  }
  const result = await signIn(request, parsed.data.username, parsed.data.password, context.clientIp ?? "unknown");
  if (!result.ok) {
    const headers = retryAfterHeaders(result);
    return data({ error: result.message }, { status: result.status, headers });
  }
  return data({ user: { username: result.staff.username } }, { headers: { "Set-Cookie": result.cookie } });
}
