import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { dailyEmailFields } from "./account-fields";

/** Where a person who works on leads has their daily list of what is due sent; empty for the team's address. */
export function DailyListForm({ email, error, busy }: { email: string; error?: string; busy: boolean }) {
  return (
    <>
      <h2 className="mt-8 text-subheading font-bold">Your daily list</h2>
      <p className="mt-2 text-muted">
        At the start of each business day, the leads you handle that are due that day or overdue are emailed here, as
        links. Leave it empty to have them go to the team&apos;s address instead.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="daily-email" />
        <div className="min-w-64 grow">
          <TextField
            name="email"
            label={dailyEmailFields.email.label}
            idPrefix="daily"
            type="email"
            autoComplete="email"
            maxLength={dailyEmailFields.email.max}
            defaultValue={email}
            error={error}
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          Save address
        </button>
      </Form>
    </>
  );
}
