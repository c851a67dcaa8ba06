import { Section } from "~/components/ui/page-header";
import { StackedTable } from "~/components/ui/stacked-table";
import { comparisonRows, type ComparisonRow } from "~/content/comparison";
import { company } from "~/content/site";

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
    <Section
      id="comparison"
      title="Dynamic vs static cushions"
      intro={`A static foam or gel cushion holds the same shape all day. The ${company.productName} dynamic cushion keeps moving the pressure.`}
    >
      <StackedTable<ComparisonRow>
        caption={`Features of a dynamic ${company.productName} cushion compared with a static cushion`}
        className="overflow-hidden rounded-xl border border-line bg-surface"
        rows={comparisonRows}
        rowKey={(row) => row.feature}
        columns={[
          { header: "Feature", rowHeader: true, cell: (row) => row.feature, className: "font-medium" },
          {
            header: `Dynamic (${company.productName})`,
            cell: (row) => <Mark yes={row.dynamic} />,
            className: "text-center",
            short: true,
          },
          { header: "Static cushion", cell: (row) => <Mark yes={row.static} />, className: "text-center", short: true },
        ]}
      />
    </Section>
  );
}
