/**
 * A link to a part of the same page (`href="#id"`: the skip link, an error summary's entry), once
 * React runs: focus moves to that part here, and the address stays as it is. Followed by the
 * browser, the link changes the address, which React Router takes for a new visit to the page; a
 * visit forgets the answer of a form posted with `<Form>`, so its messages and everything typed
 * into it would be gone. Without React the browser follows the link, which is all it needs.
 */
export function focusInPage(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}
