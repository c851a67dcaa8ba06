import { createContext, useContext } from "react";

/**
 * Whether a page made of these matched routes loads its JavaScript. The server renders with the
 * route manifest's answer (`isHydrated`, given by entry.server.tsx), so the list of routes stays
 * out of the browser's bundle; in the browser React already runs, so a page it draws has it.
 */
export const LoadsScriptsContext = createContext<(matchedIds: readonly string[]) => boolean>(() => true);

export function useLoadsScripts(matchedIds: readonly string[]): boolean {
  return useContext(LoadsScriptsContext)(matchedIds);
}
