import type { ReactNode } from "react";
import { Link } from "react-router";
import { DeliveryStatus } from "~/components/admin/delivery-status";
import { Answered, ReplyDue } from "~/components/admin/reply-due";
import { RetryFailing } from "~/components/admin/retry-failing";
import { ActionStatus } from "~/components/ui/action-status";
import { Pager } from "~/components/ui/pager";
import { SpamMark } from "~/components/ui/spam-mark";
import type { OutboxChannel, OutboxKind, OutboxStatus } from "#db/schema";
import type { SpamReason } from "~/lib/forms";
import type { ReplyDueView } from "~/lib/reply-due";

/** What every row of a lead list shows, whatever its kind (listLeads in leads.server.ts). */
export interface ListedLead {
  id: string;
  status: string;
  mark: SpamReason[];
  due?: ReplyDueView;
  answeredText: string | null;
  deliveries: Array<{ kind: OutboxKind; channel: OutboxChannel; status: OutboxStatus; lastError: string | null }>;
}

/**
 * A kind's list of leads (docs/requirements.md §4.8): its counts, failing deliveries, filters,
 * then one row a lead, newest first, with its status, due time, first answer and deliveries. The
 * kind says what its rows are called and what they show besides.
 */
export function LeadList<Lead extends ListedLead>({
  heading,
  summary,
  result,
  failing,
  busy,
  filters,
  leads,
  empty,
  row,
  statusLabel,
  deliveryLabel = () => null,
  page,
  hasMore,
  query,
}: {
  heading: string;
  summary: string;
  result: Parameters<typeof ActionStatus>[0]["result"];
  failing: number;
  busy: boolean;
  filters: ReactNode;
  leads: readonly Lead[];
  empty: string;
  /** The row's link and the lines under it. */
  row: (lead: Lead) => { href: string; title: string; lines: ReactNode };
  statusLabel: (status: Lead["status"]) => string;
  /** A word before a delivery that is not the notice to staff ("Receipt:"). */
  deliveryLabel?: (kind: OutboxKind) => string | null;
  page: number;
  hasMore: boolean;
  query: URLSearchParams;
}) {
  return (
    <>
      <h1 className="text-heading font-bold">{heading}</h1>
      <p className="mt-1 text-muted">{summary}</p>
      <ActionStatus result={result} />
      <RetryFailing count={failing} busy={busy} />
      {filters}

      {leads.length === 0 ? (
        <p className="mt-8 text-muted">{empty}</p>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-xl border border-line bg-surface">
          {leads.map((lead) => {
            const { href, title, lines } = row(lead);
            return (
              <li key={lead.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0">
                  <Link
                    to={href}
                    className="inline-flex tap-target items-center font-semibold wrap-anywhere text-brand underline"
                  >
                    {title}
                  </Link>
                  {lines}
                  <SpamMark reasons={lead.mark} className="mt-1" />
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded-full border px-2 py-0.5 text-small font-semibold ${lead.status === "new" ? "border-brand bg-brand-soft" : "border-line"}`}
                  >
                    {statusLabel(lead.status)}
                  </span>
                  <ReplyDue due={lead.due} />
                  <Answered at={lead.answeredText} />
                  {lead.deliveries.map((d) => {
                    const label = deliveryLabel(d.kind);
                    return (
                      <span key={`${d.kind}-${d.channel}`} className="inline-flex items-center gap-1">
                        {label ? <span className="text-small text-muted">{label}</span> : null}
                        <DeliveryStatus channel={d.channel} status={d.status} lastError={d.lastError} short />
                      </span>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} hasMore={hasMore} query={query} />
    </>
  );
}
