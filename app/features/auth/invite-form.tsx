import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { requiresSecondFactor, roleDescriptions, roleNames, roles } from "~/lib/staff";
import { inviteFields } from "./account-fields";
import { roleOptions } from "./account-list";
import { invitationHours } from "./invitations";

/** The owner's form that makes an invitation link; an address field only when the site can send mail. */
export function InviteForm({
  errors,
  values,
  canEmail,
  busy,
}: {
  errors: Record<string, string>;
  /** What a refused invitation was sent with, shown again. */
  values: Record<string, string>;
  canEmail: boolean;
  busy: boolean;
}) {
  return (
    <>
      <h2 className="mt-10 text-subheading font-bold">Invite a person</h2>
      <p className="mt-1 max-w-prose text-muted">
        They get a link to choose their own password; it works once, for {invitationHours} hours. Everyone but a
        moderator sets up a second factor when they first sign in.
      </p>
      <RoleList />
      <Form method="post" noValidate className="mt-4 max-w-md space-y-5">
        <input type="hidden" name="intent" value="invite" />
        <TextField
          name="username"
          label={inviteFields.username.label}
          idPrefix="invite"
          required
          maxLength={inviteFields.username.max}
          defaultValue={values.username}
          autoComplete="off"
          hint="Lowercase letters, digits, dots, dashes or underscores, such as jordan.lee."
          error={errors.username}
        />
        <SelectField
          name="role"
          label={inviteFields.role.label}
          idPrefix="invite"
          required
          defaultValue={values.role ?? ""}
          options={roleOptions}
          placeholder="Choose a role"
          error={errors.role}
        />
        {canEmail ? (
          <TextField
            name="email"
            label={inviteFields.email.label}
            idPrefix="invite"
            type="email"
            maxLength={inviteFields.email.max}
            defaultValue={values.email}
            autoComplete="off"
            hint="The link is sent there now, and shown here too. Leave it empty to pass the link on yourself."
            error={errors.email}
          />
        ) : null}
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          Make invitation link
        </button>
      </Form>
    </>
  );
}

/** What each role may do, one line each, from the same list the server enforces, beside the choice of role. */
function RoleList() {
  return (
    <dl className="mt-4 grid max-w-prose gap-x-4 gap-y-2 sm:grid-cols-[8rem_1fr]">
      {roles.map((role) => (
        <div key={role} className="contents">
          <dt className="font-semibold">{roleNames[role]}</dt>
          <dd>
            {roleDescriptions[role]}
            {requiresSecondFactor(role) ? null : <span className="text-muted"> A second factor is optional.</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
