/**
 * What the admin's content form posts for `value` (app/features/content/schema-form.tsx): each
 * answer under its dotted name ("phone.display", "entries.2.question"), and each list entry's
 * marker, so an empty list and an entry of unticked boxes are sent as the browser sends them.
 */
export function contentFormData(value: unknown, into = new FormData(), at = ""): FormData {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      const name = at ? `${at}.${index}` : String(index);
      into.append("_entry", name);
      contentFormData(entry, into, name);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) contentFormData(child, into, at ? `${at}.${key}` : key);
  } else if (value === true) {
    into.append(at, "on");
  } else if (value !== false && value !== null && value !== undefined) {
    into.append(at, String(value));
  }
  return into;
}
