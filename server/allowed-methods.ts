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

/**
 * For a path, the methods it answers (besides OPTIONS), or undefined where there is nothing: the
 * route tree of the build, plus the files and Express routes served outside React Router. Used
 * before React Router runs, so a method a route does not take is a 405 with Allow, not an error
 * thrown inside the framework (and TRACE never reaches `new Request`, which refuses it).
 */
export function createMethodTable(
  build: ServerBuild,
  options: { notFoundRouteId: string; otherPaths: (path: string) => boolean },
) {
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

  const lookUp = (path: string): string[] | undefined => {
    const leaf = matchRoutes(tree, path, build.basename)?.at(-1)?.route;
    if (leaf?.id && leaf.id !== options.notFoundRouteId) return methods.get(leaf.id);
    return options.otherPaths(path) ? fileMethods : undefined;
  };
  // matchRoutes flattens and ranks the whole route tree on every call (3–4 % of a page render's
  // time): the answer for a path never changes, so each is worked out once. Bounded, since paths
  // come from visitors.
  const known = new Map<string, string[] | undefined>();
  return (path: string): string[] | undefined => {
    if (known.has(path)) return known.get(path);
    const allowed = lookUp(path);
    if (known.size >= maxKnownPaths) known.delete(known.keys().next().value as string);
    known.set(path, allowed);
    return allowed;
  };
}

const maxKnownPaths = 1000;
