import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** What a route file declares with `methodNotAllowed(...)` as its loader (app/lib/request.server.ts). */
interface DeclaredLoader {
  allow?: readonly string[];
}

type RouteModule = ServerBuild["routes"][string] extends infer R ? (R extends { module: infer M } ? M : never) : never;

/**
 * The methods a route file answers: what its `methodNotAllowed` loader declares for routes that only
 * take one method, otherwise GET and HEAD for a page or loader and POST for an action.
 */
function methodsOf(module: RouteModule): string[] {
  const declared = (module.loader as DeclaredLoader | undefined)?.allow;
  if (declared) return [...declared];
  const methods: string[] = [];
  if (module.loader || module.default) methods.push("GET", "HEAD");
  if (module.action) methods.push("POST");
  return methods;
}

/** What the method table says of a path. */
export interface PathInfo {
  /** The methods it answers (besides OPTIONS); undefined where there is nothing. */
  allowed: string[] | undefined;
  /**
   * The route that answers it, as the route manifest writes it ("/admin/messages/:id"), never the
   * path itself, which can carry ids or anything a visitor typed: "not found" where nothing
   * answers, "static file" for a file served outside React Router, and a probe's own path.
   */
  route: string;
}

/**
 * For a path, the methods it answers and the route that answers it: the route tree of the build,
 * plus the files and Express routes served outside React Router. Used before React Router runs,
 * so a method a route does not take is a 405 with Allow, not an error thrown inside the framework
 * (and TRACE never reaches `new Request`, which refuses it); and by the request metrics, whose
 * label is the route.
 */
export function createMethodTable(
  build: ServerBuild,
  options: {
    notFoundRouteId: string;
    /** Whether a path is served outside React Router (a file, a probe). */
    otherPaths: (path: string) => boolean;
    /** Such a path's own name in the metrics (a probe's path); undefined: "static file". */
    ownRoute?: (path: string) => string | undefined;
  },
): (path: string) => PathInfo {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const methods = new Map<string, string[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    methods.set(route.id, methodsOf(route.module));
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    byParent.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = byParent.get(route.id);
      return children && !route.index ? { ...route, children: attach(children) } : route;
    });
  const tree = attach(byParent.get(undefined) ?? []);
  const fileMethods = ["GET", "HEAD"];

  const lookUp = (path: string): PathInfo => {
    const matches = matchRoutes(tree, path, build.basename);
    const leaf = matches?.at(-1)?.route;
    if (matches && leaf?.id && leaf.id !== options.notFoundRouteId) {
      const pattern = matches
        .map((match) => match.route.path)
        .filter((part): part is string => Boolean(part))
        .join("/");
      return { allowed: methods.get(leaf.id), route: `/${pattern}`.replace(/\/{2,}/g, "/") };
    }
    if (!options.otherPaths(path)) return { allowed: undefined, route: "not found" };
    return { allowed: fileMethods, route: options.ownRoute?.(path) ?? "static file" };
  };
  // matchRoutes flattens and ranks the whole route tree on every call (3–4 % of a page render's
  // time): the answer for a path never changes, so each is worked out once. Bounded, since paths
  // come from visitors.
  const known = new Map<string, PathInfo>();
  return (path: string): PathInfo => {
    let info = known.get(path);
    if (info) return info;
    info = lookUp(path);
    if (known.size >= maxKnownPaths) known.delete(known.keys().next().value as string);
    known.set(path, info);
    return info;
  };
}

const maxKnownPaths = 1000;
