import { useRouteLoaderData } from "react-router";
import { defaultSupportEmail } from "~/content/site";

/**
 * The support email, for a component that names it: the address is configuration (SITE_EMAIL),
 * which the root loader hands to every page. Typed here rather than imported from the root, which
 * imports the components.
 */
export function useSupportEmail(): string {
  return (useRouteLoaderData("root") as { supportEmail?: string } | undefined)?.supportEmail ?? defaultSupportEmail;
}
