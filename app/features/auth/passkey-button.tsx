import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import type { PasskeyPurpose } from "./passkey-purpose";
import { RecoveryCodeList } from "./recovery-code-list";

interface Answer {
  error?: string;
  next?: string;
  confirm?: string;
  recoveryCodes?: string[] | null;
}

async function post(body: Record<string, unknown>): Promise<Answer & Record<string, unknown>> {
  const response = await fetch("/admin/passkey", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer & Record<string, unknown>;
}

/** The browser's passkey dialog for `purpose`, then the server's check; the library loads on first use. */
export async function runPasskey(purpose: PasskeyPurpose, redirectTo: string): Promise<Answer> {
  const options = await post({ purpose, step: "options", redirectTo });
  if (options.error || options.confirm) return options;
  const browser = await import("@simplewebauthn/browser");
  const response =
    purpose === "register"
      ? await browser.startRegistration({ optionsJSON: options as never })
      : await browser.startAuthentication({ optionsJSON: options as never });
  return post({ purpose, step: "finish", response, redirectTo });
}

/** A stored challenge lives two minutes (passkeys.server.ts): the waiting request is renewed before then. */
const autofillRenewMs = 100_000;

/**
 * The sign-in page's username field offers the passkeys this browser holds for the site, in its
 * autofill list, where the browser can (WebAuthn conditional mediation): picking one signs in with
 * no button to find. The request waits quietly, renewed before its challenge expires, so a person
 * who takes their time is not refused; the "Use a passkey" button or leaving the page ends it.
 * `onError` hears a passkey the server refused, never a cancelled request.
 */
export function usePasskeyAutofill(redirectTo: string, onError: (message: string) => void) {
  useEffect(() => {
    let ended = false;
    let renewing = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let library: typeof import("@simplewebauthn/browser") | undefined;

    async function offer(): Promise<void> {
      const options = await post({ purpose: "sign-in", step: "options", redirectTo });
      library ??= await import("@simplewebauthn/browser");
      if (ended || options.error) return;
      const cancel = library.WebAuthnAbortService;
      timer = setTimeout(() => {
        renewing = true;
        cancel.cancelCeremony();
      }, autofillRenewMs);
      let response;
      try {
        response = await library.startAuthentication({ optionsJSON: options as never, useBrowserAutofill: true });
      } catch (error) {
        clearTimeout(timer);
        // Our own renewal starts a fresh request; anything else (the button took over, the page is
        // left, the browser has no autofill for passkeys) ends this one, and the other ways in remain.
        if (renewing && !ended) {
          renewing = false;
          return offer();
        }
        throw error;
      }
      clearTimeout(timer);
      const answer = await post({ purpose: "sign-in", step: "finish", response, redirectTo });
      if (answer.error) onError(answer.error);
      else window.location.assign(answer.next ?? redirectTo);
    }

    void (async () => {
      const credential = window.PublicKeyCredential;
      if (!credential?.isConditionalMediationAvailable || !(await credential.isConditionalMediationAvailable())) return;
      await offer();
    })().catch(() => {});
    return () => {
      ended = true;
      clearTimeout(timer);
      library?.WebAuthnAbortService.cancelCeremony();
    };
  }, [redirectTo, onError]);
}

/** What a person is told when the browser's dialog ends without a passkey (cancelled, timed out, none here). */
function failure(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return "No passkey was used: the dialog was closed or timed out. Try again when you are ready.";
  if (name === "InvalidStateError") return "This device already has a passkey for your account.";
  return "Passkeys did not work in this browser. Use your code instead.";
}

/**
 * A button that uses a passkey: to sign in, as the second step, to confirm who you are, or to add
 * one. Passkeys need JavaScript; without it the button says so and the forms beside it still work.
 * A first passkey's recovery codes are shown here, once.
 */
export function PasskeyButton({
  purpose,
  redirectTo,
  label,
  className,
}: {
  purpose: PasskeyPurpose;
  redirectTo: string;
  label: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();
  const [next, setNext] = useState<string>();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const codesRef = useRef<HTMLDivElement>(null);
  useEffect(() => errorRef.current?.focus(), [error]);
  useEffect(() => codesRef.current?.focus(), [codes]);

  if (!hydrated) return <p className={`text-muted ${className ?? ""}`}>{label}: passkeys need JavaScript.</p>;

  async function use() {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await runPasskey(purpose, redirectTo);
      if (answer.confirm) window.location.assign(answer.confirm);
      else if (answer.error) setError(answer.error);
      else if (answer.recoveryCodes) {
        setCodes(answer.recoveryCodes);
        setNext(answer.next ?? redirectTo);
      } else window.location.assign(answer.next ?? redirectTo);
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
    }
  }

  if (codes)
    return (
      <div
        ref={codesRef}
        tabIndex={-1}
        role="status"
        className={`rounded-xl border border-success p-4 ${className ?? ""}`}
      >
        <p className="font-semibold">
          Your passkey is added. Save these ten recovery codes now: they are shown only once.
        </p>
        <RecoveryCodeList codes={codes} next={next ?? redirectTo} />
      </div>
    );

  return (
    <div className={className}>
      <button type="button" onClick={() => void use()} disabled={busy} className={buttonClass("secondary")}>
        {busy ? "Waiting for your passkey…" : label}
      </button>
      {error ? (
        <p
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          className="mt-2 rounded-lg border-2 border-danger bg-danger-soft p-3"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
