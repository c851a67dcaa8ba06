import { Form } from "react-router";
import { FilterSelect } from "~/components/admin/list-filters";
import { buttonClass } from "~/components/ui/button";

/**
 * Who handles this lead: a person chosen from those whose role works on leads, or no one, and a
 * quicker "Assign to me". Plain forms, so they work without JavaScript.
 */
export function AssignForm({
  people,
  assignedTo,
  me,
  busy,
}: {
  people: ReadonlyArray<{ id: string; username: string }>;
  assignedTo: string | null;
  me: string;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="assign-title" className="mt-8">
      <h2 id="assign-title" className="text-subheading font-bold">
        Who handles it
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="assign" />
          {/* Keyed by the assignee, so the choice shown follows a change made from this page. */}
          <FilterSelect
            key={assignedTo ?? "no one"}
            name="assignee"
            label="Handled by"
            value={assignedTo ?? ""}
            anyLabel="No one yet"
            options={people.map((person) => ({ value: person.id, label: person.username }))}
          />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Assign
          </button>
        </Form>
        {assignedTo !== me && people.some((person) => person.id === me) ? (
          <Form method="post">
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="assignee" value={me} />
            <button type="submit" disabled={busy} className={buttonClass("secondary")}>
              Assign to me
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
