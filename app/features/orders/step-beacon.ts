import { orderSteps } from "./fields";

/** Where the order form says which step a browser reached (app/routes/api.form-steps.ts). */
const formStepsPath = "/api/form-steps";

/**
 * Tells the server that this browser reached `step` (from 0) of the order form: the form and the
 * step number, nothing else, no identifier, with `navigator.sendBeacon` so it never delays the
 * page. Each step is told once per page load. A browser without sendBeacon sends nothing.
 */
export function createStepBeacon() {
  const told = new Set<number>();
  return (step: number) => {
    if (told.has(step) || step < 0 || step >= orderSteps.length) return;
    told.add(step);
    if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
    navigator.sendBeacon(formStepsPath, new URLSearchParams({ form: "order", step: String(step + 1) }));
  };
}
