import { Form } from "react-router";
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
          <div>
            <label htmlFor="assign-person" className="block font-semibold">
              Handled by
            </label>
            {/* Keyed by the assignee, so the choice shown follows a change made from this page. */}
            <select
              key={assignedTo ?? "no one"}
              id="assign-person"
              name="assignee"
              defaultValue={assignedTo ?? ""}
              className="mt-1 block min-h-11 rounded-md border-2 border-line bg-canvas px-3 py-2 text-ink"
            >
              <option value="">No one yet</option>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.username}
                </option>
              ))}
            </select>
          </div>
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
