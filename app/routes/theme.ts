import { readForm } from "~/lib/request.server";
import { data, redirect } from "react-router";
import { z } from "~/lib/zod";
import { getConfig } from "~/lib/config.server";
import { siteCookies } from "~/lib/cookies";
import { setCookie } from "~/lib/cookies.server";
import { themes } from "~/lib/theme";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/theme";

const ThemeFormSchema = z.object({
  theme: z.enum(themes),
  // Only a path on this site, never another origin (the same check as the sign-in's).
  redirectTo: z
    .unknown()
    .transform((value) => safeRedirect(value, "/"))
    .catch("/"),
  mode: z.literal("fetch").optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const parsed = ThemeFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ ok: false, errors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  }
  const headers = { "Set-Cookie": setCookie(siteCookies.theme, parsed.data.theme, getConfig().siteIsHttps) };
  if (parsed.data.mode === "fetch") return data({ ok: true, errors: {} }, { headers });
  return redirect(parsed.data.redirectTo, { status: 303, headers });
}

export function loader() {
  return redirect("/");
}
