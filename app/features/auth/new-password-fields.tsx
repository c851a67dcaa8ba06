import { TextField } from "~/components/ui/field";

/**
 * A new password typed twice, as a password manager expects it: for accepting an invitation and
 * for changing one's own password. The labels are the form's own.
 */
export function NewPasswordFields({
  labels,
  errors,
  idPrefix,
}: {
  labels: { password: string; confirm: string };
  errors: Record<string, string>;
  idPrefix: string;
}) {
  return (
    <>
      {(["password", "confirm"] as const).map((name) => (
        <TextField
          key={name}
          name={name}
          label={labels[name]}
          idPrefix={idPrefix}
          type="password"
          required
          autoComplete="new-password"
          error={errors[name]}
        />
      ))}
    </>
  );
}
