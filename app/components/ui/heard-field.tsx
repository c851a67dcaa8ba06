import { heardAnswers, heardQuestion } from "~/content/heard";
import { SelectField } from "./field";

/** The optional "How did you hear about us?" of every public form (app/content/heard.ts). */
export function HeardField({
  defaultValue,
  error,
  idPrefix,
}: {
  defaultValue: string | undefined;
  error: string | undefined;
  idPrefix?: string;
}) {
  return (
    <SelectField
      name="heard"
      label={heardQuestion.label}
      idPrefix={idPrefix}
      options={heardAnswers}
      placeholder={heardQuestion.placeholder}
      defaultValue={defaultValue ?? ""}
      error={error}
      hint={heardQuestion.hint}
    />
  );
}
