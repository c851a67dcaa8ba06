import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A carousel on a scroll-snap row: without JavaScript every slide is reachable by scrolling or
 * swiping (the row is keyboard-focusable). With JavaScript it gains previous/next buttons that
 * wrap both ways, dots, and (optionally) auto-advance with a visible Pause/Play button, paused
 * while hovered or focused, and never under prefers-reduced-motion (WCAG 2.2.2).
 */
export interface CarouselProps {
  id: string;
  label: string;
  slides: React.ReactNode[];
  /** "single": one slide per view; "responsive": 1 under 768 px, 2 under 1024 px, else 3. */
  layout: "single" | "responsive";
  autoAdvanceMs?: number;
}

function subscribeMedia(query: string) {
  return (callback: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener("change", callback);
    return () => list.removeEventListener("change", callback);
  };
}

function useMedia(query: string, serverValue: boolean) {
  return useSyncExternalStore(
    subscribeMedia(query),
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

export function useReducedMotion() {
  return useMedia("(prefers-reduced-motion: reduce)", true);
}

function usePerView(layout: CarouselProps["layout"]) {
  const wide = useMedia("(min-width: 1024px)", false);
  const medium = useMedia("(min-width: 768px)", false);
  if (layout === "single") return 1;
  return wide ? 3 : medium ? 2 : 1;
}

export function Carousel({ id, label, slides, layout, autoAdvanceMs }: CarouselProps) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const perView = usePerView(layout);
  const track = useRef<HTMLDivElement>(null);
  // Where a button asked the row to scroll to; while it is on its way, its scroll events are not
  // the visitor's and must not move the current slide.
  const scrollTarget = useRef<number | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const positions = Math.max(1, slides.length - perView + 1);
  const current = Math.min(index, positions - 1);
  const canAutoAdvance = Boolean(autoAdvanceMs) && !reducedMotion && positions > 1;

  const goTo = useCallback(
    (target: number) => {
      const next = ((target % positions) + positions) % positions;
      setIndex(next);
      const row = track.current;
      const slide = row?.children[next] as HTMLElement | undefined;
      if (row && slide) {
        const left = Math.min(slide.offsetLeft - row.offsetLeft, row.scrollWidth - row.clientWidth);
        scrollTarget.current = Math.abs(row.scrollLeft - left) < 2 ? null : left;
        row.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
      }
    },
    [positions, reducedMotion],
  );

  // Follow swipes and scrolls made directly on the row.
  useEffect(() => {
    const row = track.current;
    if (!row) return;
    let timer: number | undefined;
    const onScroll = () => {
      const target = scrollTarget.current;
      if (target !== null) {
        if (Math.abs(row.scrollLeft - target) < 2) scrollTarget.current = null;
        return;
      }
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const width = (row.firstElementChild as HTMLElement | null)?.offsetWidth ?? row.clientWidth;
        if (width > 0) setIndex(Math.round(row.scrollLeft / width));
      }, 120);
    };
    row.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      row.removeEventListener("scroll", onScroll);
      window.clearTimeout(timer);
    };
  }, []);

  const running = canAutoAdvance && playing && !hovered && !focused;
  useEffect(() => {
    if (!running || !autoAdvanceMs) return;
    const timer = window.setInterval(() => goTo(current + 1), autoAdvanceMs);
    return () => window.clearInterval(timer);
  }, [running, autoAdvanceMs, current, goTo]);

  const slideBasis = layout === "single" ? "basis-full" : "basis-full md:basis-1/2 lg:basis-1/3";

  return (
    // Hover and focus only pause the slide show; they are not interactions of their own.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={track}
        id={`${id}-slides`}
        role="region"
        aria-label={`${label}: slides`}
        aria-live={running ? "off" : "polite"}
        // The row scrolls, so it must be reachable from the keyboard (arrow keys scroll it).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="-mx-2 flex snap-x snap-mandatory items-stretch overflow-x-auto overscroll-x-contain scroll-smooth motion-reduce:scroll-auto"
      >
        {slides.map((slide, slideIndex) => (
          <div
            // Slides are static content; their order never changes.

            key={slideIndex}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${slides.length}`}
            // Each slide is as tall as the tallest, and its content fills it (a flex item stretches),
            // so a short card ends level with the others instead of leaving a gap under it.
            className={`flex shrink-0 snap-start px-2 *:w-full ${slideBasis}`}
          >
            {slide}
          </div>
        ))}
      </div>

      {/* One line on a phone: the dots give way to "2 / 9" below 640 px. */}
      <div className="mt-4 flex min-h-11 items-center justify-center gap-2">
        {hydrated && positions > 1 ? (
          <>
            {canAutoAdvance ? (
              <button
                type="button"
                onClick={() => setPlaying((p) => !p)}
                aria-controls={`${id}-slides`}
                className="mr-1 inline-flex tap-target shrink-0 items-center justify-center rounded-md border border-line px-4 font-semibold hover:bg-surface-raised sm:mr-2"
              >
                {playing ? "Pause" : "Play"}
                <span className="sr-only"> automatic slide show</span>
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => goTo(current - 1)}
              aria-controls={`${id}-slides`}
              aria-label="Previous slide"
              className="inline-flex tap-target shrink-0 items-center justify-center rounded-full border border-line text-icon hover:bg-surface-raised"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <span aria-hidden="true" className="min-w-14 text-center font-semibold tabular-nums sm:hidden">
              {current + 1} / {positions}
            </span>
            {/* Pressing Previous or Next only scrolls, so nothing else would tell a screen reader where
                it now is (the dots that say so are hidden on a phone); quiet while the show runs. */}
            <span className="sr-only" aria-live={running ? "off" : "polite"} aria-atomic="true">
              Slide {current + 1} of {positions}
            </span>
            {/* Wraps rather than widening the page when there are more dots than fit (WCAG 1.4.10). */}
            <div className="hidden flex-wrap justify-center sm:flex">
              {Array.from({ length: positions }, (_, dot) => (
                <button
                  key={dot}
                  type="button"
                  onClick={() => goTo(dot)}
                  aria-controls={`${id}-slides`}
                  aria-label={`Show slide ${dot + 1} of ${positions}`}
                  aria-current={dot === current ? "true" : undefined}
                  className="group inline-flex tap-target items-center justify-center"
                >
                  <span className="carousel-dot size-3 rounded-full border-2 border-brand group-aria-[current=true]:bg-brand" />
                </button>
              ))}
            </div>
            <button
              type="button"
              onClick={() => goTo(current + 1)}
              aria-controls={`${id}-slides`}
              aria-label="Next slide"
              className="inline-flex tap-target shrink-0 items-center justify-center rounded-full border border-line text-icon hover:bg-surface-raised"
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
