import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { getConfig } from "~/lib/config.server";
import type { Route } from "./+types/not-found";

export function loader() {
  return data({ isDevelopment: getConfig().nodeEnv === "development" }, { status: 404 });
}

export default function NotFoundRoute({ loaderData }: Route.ComponentProps) {
  return <NotFound showRouterHint={loaderData.isDevelopment} />;
}
