import { useState } from "react";
import { formObject } from "./forms";
import { checkOnSubmit, type LazyCheck } from "./lazy-check";

/** What the browser's check found on the last try: the mistakes, and the answers they were found in. */
export interface Checked {
  errors: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * A public form's check in the browser (decision 018): loaded when the form is first focused, run
 * on submit, and the post held back while it finds mistakes, which the form then shows. The action
 * checks again with the same schema whatever happens here, so without JavaScript nothing changes.
 * `checked` is null until a try found a mistake, and again once a try finds none.
 */
export function useCheckedForm(check: LazyCheck, more?: (values: Record<string, unknown>) => boolean) {
  const [checked, setChecked] = useState<Checked | null>(null);
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const run = checkOnSubmit(event, check);
    if (!run) return;
    const values = formObject(new FormData(event.currentTarget));
    const errors = run(values);
    if (Object.keys(errors).length === 0 && !more?.(values)) {
      setChecked(null);
      return;
    }
    event.preventDefault();
    setChecked({ errors, values });
  }
  return { checked, onSubmit, onFocus: check.prepare };
}
