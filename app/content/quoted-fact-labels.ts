/**
 * What the admin calls each fact a text may quote (quoted-facts.ts), and the item an editor
 * changes it in: for the hints and messages of the fields that quote them. Read by the schemas
 * only, so none of it reaches a public page's JavaScript.
 */
import type { FactName } from "./quoted-facts";

const labels: Record<FactName, { label: string; item: string }> = {
  emailResponse: { label: "Reply time for email", item: "Company facts" },
  hours: { label: "Opening hours, in full", item: "Company facts" },
  phone: { label: "Phone, as shown", item: "Company facts" },
  productResponse: { label: "Reply time for product questions", item: "Company facts" },
  consultationWithin: { label: "Consultation call within", item: "Company facts" },
  companyName: { label: "Company name", item: "Company facts" },
  founded: { label: "Year founded", item: "Company facts" },
  usersWorldwide: { label: "Users worldwide, as stated", item: "Company facts" },
  guaranteeDays: { label: "Satisfaction guarantee (days)", item: "Guarantee, warranty and shipping" },
  warrantyMonths: { label: "Warranty (months)", item: "Guarantee, warranty and shipping" },
  classification: { label: "Classification", item: "Regulatory status" },
};

/** What the fact's item's form calls it, for the hints of the fields that quote it. */
export const factLabel = (name: FactName) => labels[name].label;

/** The content item an editor changes the fact in, by its title in the admin. */
export const factItem = (name: FactName) => labels[name].item;
