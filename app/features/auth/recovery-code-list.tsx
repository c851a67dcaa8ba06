import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** What the button under the codes posts to /admin/enrol: the session's id is renewed there. */
export const continueIntent = "continue";

/** Ten recovery codes, shown once after a first factor is set up, and the way on once they are saved. */
export function RecoveryCodeList({ codes, next }: { codes: string[]; next: string }) {
  return (
    <>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-body">
        {codes.map((code) => (
          <li key={code} className="rounded-md border border-line px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <Form method="post" action="/admin/enrol" className="mt-6">
        <input type="hidden" name="redirectTo" value={next} />
        <button type="submit" name="intent" value={continueIntent} className={buttonClass("primary")}>
          I have saved them: continue
        </button>
      </Form>
    </>
  );
}
