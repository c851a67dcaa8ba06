import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import { PasskeyButton } from "./passkey-button";

/** A person's passkeys on their account page: each with when it was added and last used, and a way to add or remove one. */
export function PasskeyList({
  passkeys,
}: {
  passkeys: Array<{ id: string; name: string; created_at: string; last_used_at: string | null }>;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="passkeys-title" className="mt-10">
      <h2 id="passkeys-title" className="text-subheading font-bold">
        Passkeys
      </h2>
      <p className="mt-2 text-muted">
        A passkey signs you in without a password or code, unlocked by this device&apos;s fingerprint, face or PIN, or
        by your password manager. You can also type your username and choose it from the suggestions.
      </p>
      {passkeys.length ? (
        <ul className="mt-4 space-y-3">
          {passkeys.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3"
            >
              <div>
                <p className="font-semibold">{key.name}</p>
                <p className="text-small text-muted">
                  {key.last_used_at ? `Last used ${formatDateTime(key.last_used_at)}` : "Not used yet"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="passkey" value={key.id} />
                <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                  Remove<span className="sr-only"> {key.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3">No passkeys yet.</p>
      )}
      <PasskeyButton purpose="register" redirectTo="/admin/account" label="Add a passkey" className="mt-4" />
    </section>
  );
}
