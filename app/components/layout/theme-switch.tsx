import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { type Theme, themeLabels as labels, themeStorageKey, themes } from "~/lib/theme";
import { useHydrated } from "~/lib/use-hydrated";
import { ChevronDown, MonitorIcon, MoonIcon, SunIcon } from "./icons";

const iconFor = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } satisfies Record<Theme, unknown>;

export const themeFetcherKey = "theme";

/**
 * Light / Dark / System. A plain form post without JavaScript (the server sets the cookie and
 * sends the visitor back); with JavaScript the change is instant and the post happens behind it.
 */
export function ThemeSwitch({ theme, idPrefix, group }: { theme: Theme; idPrefix: string; group?: string }) {
  const fetcher = useFetcher({ key: themeFetcherKey });
  const location = useLocation();
  const hydrated = useHydrated();
  useEffect(() => {
    try {
      window.localStorage.setItem(themeStorageKey, theme);
    } catch {
      // Storage can be disabled; the cookie is what counts.
    }
  }, [theme]);

  const Current = iconFor[theme];
  return (
    <details className="relative" name={group}>
      <summary
        className="inline-flex tap-target items-center gap-1.5 rounded-md px-3 font-medium hover:bg-surface-raised"
        aria-label={`Theme: ${labels[theme]}`}
        id={`${idPrefix}-theme-toggle`}
      >
        <Current />
        <span className="lg:sr-only xl:not-sr-only">Theme</span>
        <ChevronDown />
      </summary>
      <fetcher.Form
        method="post"
        action="/theme"
        className="absolute right-0 z-50 mt-2 w-44 rounded-lg border border-line bg-surface p-2 shadow-lg"
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
        <fieldset>
          <legend className="px-2 pb-1 text-small text-muted">Colour theme</legend>
          {themes.map((value) => {
            const Icon = iconFor[value];
            return (
              <button
                key={value}
                type="submit"
                name="theme"
                value={value}
                aria-pressed={theme === value}
                className="flex tap-target w-full items-center gap-2 rounded-md px-2 text-left hover:bg-surface-raised aria-pressed:bg-brand-soft aria-pressed:font-semibold"
              >
                <Icon />
                {labels[value]}
              </button>
            );
          })}
        </fieldset>
      </fetcher.Form>
    </details>
  );
}
