import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { accessibilityStatement } from "~/content/accessibility";
import { initialContent, setContentSource } from "~/content/live";
import { reviewPolicy } from "~/content/review-policy";
import Accessibility, { loader as accessibilityLoader } from "~/routes/accessibility";
import ReviewPolicy, { loader as reviewPolicyLoader } from "~/routes/review-policy";

afterEach(() => setContentSource(undefined));

/** A copy of an item's value as it is now, to change one thing in. */
const copyOf = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The site with these items published in place of their initial values. */
function publish(items: Record<string, unknown>) {
  setContentSource({ read: (key) => items[key], changed: () => items });
}

/** The page at `path` as the server draws it: its loader, then its component with what the loader said. */
async function draw<Props extends object>(path: string, loader: () => object, Page: React.ComponentType<Props>) {
  const handler = createStaticHandler([
    { id: "page", path, loader, Component: () => <Page {...({ loaderData: useLoaderData() } as unknown as Props)} /> },
  ]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

describe("the policy pages draw what is published", () => {
  it("review policy: each section's Markdown with the page's classes, and the promised time from its own item", async () => {
    const policy = copyOf(reviewPolicy);
    policy.sections.removal.heading = "Taking a review down";
    policy.sections.removal.body =
      "Tell us:\n\n- which review\n- the address it came from\n\n[Write to us](/contact), or see [http](http://example.com) <script>alert(1)</script>.";
    policy.reasons.spam = "Advertising, or sent by a program.";
    publish({
      "review-policy": policy,
      "moderation-time": { ...copyOf(initialContent("moderation-time") as object), text: "one business day" },
    });
    const page = await draw("/review-policy", reviewPolicyLoader, ReviewPolicy);
    expect(page).toContain(
      '<section id="removal" aria-labelledby="removal-title"><h2 id="removal-title" class="text-heading font-bold">' +
        'Taking a review down</h2><div class="mt-3 space-y-3"><p>Tell us:</p><ul class="list-disc space-y-2 pl-6">' +
        '<li>which review</li><li>the address it came from</li></ul><p><a href="/contact" ' +
        'class="font-semibold text-brand underline">Write to us</a>, or see [http](http://example.com) ' +
        "&lt;script&gt;alert(1)&lt;/script&gt;.</p></div>",
    );
    expect(page).toContain(
      "<p>We read new reviews on business days and decide within one business day. Until then a review is counted as awaiting moderation.</p>",
    );
    expect(page).toContain(
      '<dt class="font-semibold">Spam</dt><dd class="mt-1">Advertising, or sent by a program.</dd>',
    );
  });

  it("accessibility statement: the standard's Markdown below its heading, and the reply time of the company facts", async () => {
    const statement = copyOf(accessibilityStatement);
    statement.standard.body =
      "We meet **WCAG 2.2 AA**.\n\n# Where we fall short\n\nSee [the limitations](#limitations).";
    statement.report.meanwhile = "Meanwhile, call us.";
    const company = copyOf(initialContent("company")) as { emailResponse: string };
    publish({ accessibility: statement, company: { ...company, emailResponse: "one business day" } });
    const page = await draw("/accessibility", accessibilityLoader, Accessibility);
    expect(page).toContain(
      '<h2 id="standard-title" class="text-heading font-bold">The standard we meet</h2><p class="mt-3">We meet ' +
        '<strong>WCAG 2.2 AA</strong>.</p><h3 class="mt-8 text-subheading font-bold">Where we fall short</h3>' +
        '<p class="mt-3">See [the limitations](#limitations).</p></section>',
    );
    expect(page).toContain('<p class="mt-3">We reply within one business day. Meanwhile, call us.</p>');
  });
});
