import { TableScroll } from "~/components/ui/table-scroll";
import { Section } from "~/components/ui/page-header";
import { comparisonRows } from "~/content/comparison";
import { company } from "~/content/site";

/** The dynamic cushion against a static one, feature by feature (the hero's "Compare" link lands here). */
export function Comparison() {
  return (
    <Section
      id="comparison"
      title="Dynamic vs static cushions"
      intro={`A static foam or gel cushion holds the same shape all day. The ${company.productName} dynamic cushion keeps moving the pressure.`}
    >
      <TableScroll label={`Dynamic vs static cushions, comparison table`}>
        <table className="w-full min-w-[32rem] border-collapse text-left">
          <caption className="sr-only">
            Features of a dynamic {company.productName} cushion compared with a static cushion
          </caption>
          <thead className="bg-surface-raised">
            <tr>
              <th scope="col" className="p-4">
                Feature
              </th>
              <th scope="col" className="p-4 text-center">
                Dynamic ({company.productName})
              </th>
              <th scope="col" className="p-4 text-center">
                Static cushion
              </th>
            </tr>
          </thead>
          <tbody>
            {comparisonRows.map((row) => (
              <tr key={row.feature} className="border-t border-line bg-surface">
                <th scope="row" className="p-4 font-medium">
                  {row.feature}
                </th>
                <td className="p-4 text-center">
                  <span aria-hidden="true" className="text-icon text-success">
                    ✓
                  </span>
                  <span className="sr-only">Yes</span>
                </td>
                <td className="p-4 text-center">
                  <span aria-hidden="true" className="text-icon text-danger">
                    ✗
                  </span>
                  <span className="sr-only">No</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Section>
  );
}
