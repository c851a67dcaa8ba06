import { useState } from "react";
import type { FaqItem } from "~/content/faq";
import { ChevronDown } from "~/components/layout/icons";
import { accordionClasses } from "~/lib/accordions";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * One answer open at a time; choosing the open question closes it. Served as <details name>
 * (which does exactly that without JavaScript); once React runs it becomes the ARIA accordion
 * pattern: a button inside each heading, with aria-expanded and aria-controls. On a page that
 * ships no React, lib/accordions.ts makes the same change from an inline script.
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
  group,
}: {
  items: FaqItem[];
  headingLevel?: 2 | 3;
  group: string;
}) {
  const hydrated = useHydrated();
  const [openId, setOpenId] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  if (!hydrated) {
    return (
      <div data-accordion={group} className="divide-y divide-line rounded-xl border border-line bg-surface">
        {items.map((item) => (
          <details key={item.id} name={group} data-item={item.id} className="group">
            <summary className="flex tap-target items-center justify-between gap-4 px-5 py-4 text-left text-subheading font-bold">
              <Heading className="text-lead">{item.question}</Heading>
              <ChevronDown className="size-5 shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-5 text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
    );
  }

  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-surface">
      {items.map((item) => {
        const open = openId === item.id;
        const buttonId = `${group}-${item.id}-button`;
        const panelId = `${group}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <Heading className={accordionClasses.heading}>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className={accordionClasses.button}
              >
                {item.question}
                <ChevronDown className={`${accordionClasses.icon} ${open ? accordionClasses.iconOpen : ""}`} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open}>
              <p className="px-5 pb-5 text-muted">{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
