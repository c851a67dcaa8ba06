import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { possibleSpamFilter } from "~/lib/spam-mark";

/** A list's filter as the address carries it, the fields that are set and no others: for export and paging links. */
export function filterQuery(filter: object): URLSearchParams {
  return new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])));
}

/**
 * The GET form above a message or an order request list: a search box when the list has one, the
 * list's own selects, its status, the filter by the spam mark (`mark=possible-spam`), Filter, and
 * an Export CSV link for the rows the filter keeps.
 */
export function ListFilters({
  filter,
  searchLabel,
  statuses,
  exportPath,
  query,
  children,
}: {
  filter: { q?: string; status?: string; mark?: string };
  searchLabel?: string;
  statuses: ReadonlyArray<{ value: string; label: string }>;
  exportPath: string;
  query: URLSearchParams;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role={searchLabel ? "search" : undefined} className="mt-6 flex flex-wrap items-end gap-4">
      {searchLabel ? (
        <div>
          <label htmlFor="filter-q" className="block font-semibold">
            {searchLabel}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filter.q ?? ""}
            maxLength={100}
            className="mt-1 min-h-11 rounded-md border-2 border-line bg-canvas px-3"
          />
        </div>
      ) : null}
      {children}
      <FilterSelect name="status" label="Status" value={filter.status} anyLabel="Any status" options={statuses} />
      <FilterSelect
        name="mark"
        label="Spam mark"
        value={filter.mark}
        anyLabel="Any"
        options={[{ value: possibleSpamFilter, label: "Possible spam" }]}
      />
      <button type="submit" className={buttonClass("secondary")}>
        Filter
      </button>
      {/* No `download` attribute: the file comes as an attachment, and a request to confirm who you are first is a page. */}
      <a href={`${exportPath}${query.size ? `?${query}` : ""}`} className={buttonClass("quiet")}>
        Export CSV
      </a>
    </Form>
  );
}

/** One select of a list's filter form (`filter-<name>`), its first option matching every row. */
export function FilterSelect({
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    // A long option ("Report an Accessibility Barrier") sets a select's width; on a phone with
    // wider text spacing it would widen the page, so the select is never wider than its row.
    <div className="max-w-full min-w-0">
      <label htmlFor={`filter-${name}`} className="block font-semibold">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="mt-1 min-h-11 max-w-full rounded-md border-2 border-line bg-canvas px-3"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
