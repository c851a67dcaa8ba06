/**
 * The theme switch on pages that ship no React (the prerendered and plain-HTML pages): choosing a
 * theme applies it at once, without reloading the page, so keyboard focus stays where it was (on
 * the switch); the choice is written to local storage (docs/requirements.md §4.6) and posted to
 * /theme, which sets the cookie the server reads. Should that post fail, the form is sent the
 * ordinary way. On every such page, local storage is also brought in line with the theme the
 * page was drawn in.
 *
 * It must stay self-contained (no imports, no outer variables): root.tsx sends it as an inline
 * script built from `enhanceThemeForms.toString()` (covered by the page's CSP nonce or hash).
 * Once React runs (`<html data-hydrated>`), the switch is React's and this stands aside.
 */
export function enhanceThemeForms(doc: Document, storageKey: string, labels: Record<string, string>): () => void {
  const html = doc.documentElement;
  function remember(theme: string | undefined) {
    if (!theme) return;
    try {
      window.localStorage.setItem(storageKey, theme);
    } catch {
      // Storage can be disabled; the cookie is what counts.
    }
  }
  remember(html.dataset.theme);

  function onSubmit(event: Event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== "/theme") return;
    if (html.hasAttribute("data-hydrated")) return;
    const chosen = (event as SubmitEvent).submitter;
    if (!(chosen instanceof HTMLButtonElement) || !Object.hasOwn(labels, chosen.value)) return;
    event.preventDefault();
    const theme = chosen.value;
    html.dataset.theme = theme;
    remember(theme);
    // Every switch on the page (the header's and the menu's) shows the choice.
    for (const button of Array.from(
      doc.querySelectorAll<HTMLButtonElement>('form[action="/theme"] button[name="theme"]'),
    ))
      button.setAttribute("aria-pressed", String(button.value === theme));
    for (const toggle of Array.from(doc.querySelectorAll<HTMLElement>('form[action="/theme"]'))) {
      const summary = toggle.parentElement?.querySelector(":scope > summary");
      if (!summary) continue;
      summary.setAttribute("aria-label", `Theme: ${labels[theme]}`);
      const icon = summary.querySelector("svg");
      const chosenIcon = chosen.querySelector("svg");
      if (icon && chosenIcon) icon.replaceWith(chosenIcon.cloneNode(true));
    }
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    body.set("theme", theme);
    body.set("mode", "fetch");
    fetch(form.action, { method: "POST", body, credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
      })
      .catch(() => {
        const field = doc.createElement("input");
        field.type = "hidden";
        field.name = "theme";
        field.value = theme;
        form.append(field);
        form.submit();
      });
  }

  doc.addEventListener("submit", onSubmit);
  return () => doc.removeEventListener("submit", onSubmit);
}
