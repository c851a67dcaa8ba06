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

/**
 * Posts `value` as the content item `key` through its admin page on `base`, as the staff member
 * whose session `cookie` carries: the page is read first for the edition it is at, as a browser
 * does. The answer's status and text.
 */
export async function postContentForm(
  base: string,
  cookie: string,
  key: string,
  value: unknown,
  intent: "save" | "publish" = "publish",
): Promise<{ status: number; text: string }> {
  const page = await fetch(new URL(`/admin/content/${key}`, base), { headers: { Cookie: cookie } });
  const edition = /name="edition" value="([\d.]+)"/.exec(await page.text())?.[1];
  if (page.status !== 200 || !edition) throw new Error(`/admin/content/${key} answered ${page.status} with no edition`);
  const body = contentFormData(value);
  body.set("edition", edition);
  body.set("intent", intent);
  const answer = await fetch(new URL(`/admin/content/${key}`, base), {
    method: "POST",
    headers: { Cookie: cookie, Origin: new URL(base).origin },
    body,
    redirect: "manual",
  });
  return { status: answer.status, text: await answer.text() };
}
