import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";

export interface OpenSession {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  browser: string;
}

/** A short name for the browser a session was made in, from its User-Agent. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser or program";
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Android/.test(userAgent)
          ? "Android"
          : /Linux/.test(userAgent)
            ? "Linux"
            : undefined;
  return system ? `${browser} on ${system}` : browser;
}

/** A person's open sessions, each with a way to end it, and one to end all but this one. */
export function SessionList({ sessions }: { sessions: OpenSession[] }) {
  const busy = useNavigation().state !== "idle";
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-title" className="mt-10">
      <h2 id="sessions-title" className="text-subheading font-bold">
        Where you are signed in
      </h2>
      <p className="mt-2 text-muted">
        A session ends after 30 minutes without use, or 12 hours after signing in. End any you do not recognise, then
        change your password.
      </p>
      <ul className="mt-4 space-y-3">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3"
          >
            <div>
              <p className="font-semibold">
                {session.browser}
                {session.current ? " (this session)" : ""}
              </p>
              <p className="text-small text-muted">
                Signed in {formatDateTime(session.createdAt)}; last used {formatDateTime(session.lastSeenAt)}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={session.id} />
                <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                  End<span className="sr-only"> the session in {session.browser}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 1 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            End all other sessions
          </button>
        </Form>
      ) : null}
    </section>
  );
}
