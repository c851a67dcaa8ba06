import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { type RouteEntry, routeId, routeManifest } from "./route-manifest";

/** The router's configuration, built from the one list of routes in ./route-manifest.ts. */
function toConfig(entry: RouteEntry): RouteConfigEntry {
  const id = routeId(entry.file);
  if (entry.path === "/" || entry.path === "") return index(entry.file, { id });
  return route(entry.path.replace(/^\//, ""), entry.file, { id }, entry.children?.map(toConfig));
}

export default routeManifest.map(toConfig) satisfies RouteConfig;
