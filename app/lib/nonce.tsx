import { createContext, useContext } from "react";

/** The per-request CSP nonce; absent in the browser and in prerendered pages (they use hashes). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
