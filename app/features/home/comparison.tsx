import { Section } from "~/components/ui/page-header";
import { StackedTable } from "~/components/ui/stacked-table";
import { comparisonRows, type ComparisonRow } from "~/content/comparison";
import { homeHeadings } from "~/content/home";

function Mark({ yes }: { yes: boolean }) {
  return (
    <>
      <span aria-hidden="true" className={`text-icon ${yes ? "text-success" : "text-danger"}`}>
        {yes ? "✓" : "✗"}
      </span>
      <span className="sr-only">{yes ? "Yes" : "No"}</span>
    </>
  );
}

/** The dynamic cushion against a static one, feature by feature (the hero's "Compare" link lands here). */
export function Comparison() {
  return (
    <Section id="comparison" title={homeHeadings.comparison.title} intro={homeHeadings.comparison.intro}>
      <StackedTable<ComparisonRow>
        caption={homeHeadings.comparison.caption}
        className="overflow-hidden rounded-xl border border-line bg-surface"
        rows={comparisonRows}
        rowKey={(row) => row.feature}
        columns={[
          {
            header: homeHeadings.comparison.feature,
            rowHeader: true,
            cell: (row) => row.feature,
            className: "font-medium",
          },
          {
            header: homeHeadings.comparison.dynamic,
            cell: (row) => <Mark yes={row.dynamic} />,
            className: "text-center",
            short: true,
          },
          {
            header: homeHeadings.comparison.static,
            cell: (row) => <Mark yes={row.static} />,
            className: "text-center",
            short: true,
          },
        ]}
      />
    </Section>
  );
}
