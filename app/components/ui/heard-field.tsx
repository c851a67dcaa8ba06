import { heardAnswers, heardQuestion } from "~/content/heard";
import { ChoiceGroup, SelectField } from "./field";

/**
 * The optional "How did you hear about us?" of every public form (app/content/heard.ts): a list
 * to choose from, or, on a form whose every choice is a radio button (the order form), radio
 * buttons.
 */
export function HeardField({
  defaultValue,
  error,
  idPrefix,
  as = "select",
}: {
  defaultValue: string | undefined;
  error: string | undefined;
  idPrefix?: string;
  as?: "select" | "radios";
}) {
  if (as === "radios")
    return (
      <ChoiceGroup
        type="radio"
        name="heard"
        legend={heardQuestion.label}
        idPrefix={idPrefix}
        options={heardAnswers}
        defaultValue={defaultValue}
        error={error}
        hint={heardQuestion.hint}
        columns={2}
      />
    );
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
