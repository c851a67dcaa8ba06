/**
 * Looks of an editor's long text, the same as the site's hand-written prose (prose.tsx): the HTML
 * comes without classes, so each element is styled from here. The first element sits flush, so
 * the spacing above is whoever places the text.
 */
const looks = [
  "[&>:first-child]:mt-0",
  "[&_p]:mt-3",
  "[&_h2]:mt-10 [&_h2]:text-heading [&_h2]:font-bold",
  "[&_h3]:mt-8 [&_h3]:text-subheading [&_h3]:font-bold",
  "[&_h4]:mt-6 [&_h4]:font-bold [&_h5]:mt-6 [&_h5]:font-bold [&_h6]:mt-6 [&_h6]:font-bold",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_a]:font-semibold [&_a]:text-brand [&_a]:underline",
].join(" ");

/**
 * A long text already rendered to safe HTML on the server (renderMarkdown in
 * lib/markdown.server.ts). It takes HTML rather than Markdown so that the Markdown library never
 * reaches the browser: pages that hydrate get the HTML in their loader data and nothing more.
 */
export function Markdown({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${looks} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
