import { useId } from "react";

/**
 * Illustrations drawn inline, in the theme's own colours (app.css: --art, --art-line, --brand,
 * --accent), so each is designed for the light and the dark theme rather than inverted. Each takes
 * the words a screen reader says for it; those live in app/content with the rest of the copy.
 */

/**
 * Every drawing is 480 units wide, on a plate of the theme's art colour (as the image files have a
 * light background of their own); only its height differs.
 */
function Figure({ label, height, children }: { label: string; height: number; children: React.ReactNode }) {
  return (
    <svg viewBox={`0 0 480 ${height}`} role="img" aria-label={label} className="h-auto w-full">
      <rect width="480" height={height} rx="24" className="fill-art" />
      {children}
    </svg>
  );
}

/** The cushion on a wheelchair seat, with someone sitting on it and the controller on the chair's side. */
export function CushionInUse({ label }: { label: string }) {
  const cells = Array.from({ length: 6 }, (_, i) => i);
  return (
    <Figure label={label} height={360}>
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        <path d="M30 332h420" className="stroke-art-line" strokeWidth="2" opacity=".35" />
        {/* Rear wheel, push rim and spokes. */}
        <circle cx="180" cy="252" r="78" className="stroke-art-line" strokeWidth="7" />
        <circle cx="180" cy="252" r="64" className="stroke-art-line" strokeWidth="2" opacity=".6" />
        <path
          d="M180 188v128M116 252h128M135 207l90 90M225 207l-90 90"
          className="stroke-art-line"
          strokeWidth="1.5"
          opacity=".45"
        />
        {/* Frame, backrest, footrest and front caster. */}
        <path
          d="M150 204h202l20 58M160 204 138 86l-26-6M352 204l20 86h36"
          className="stroke-art-line"
          strokeWidth="8"
        />
        <path d="M141 100l16 92" className="stroke-art-line" strokeWidth="16" opacity=".5" />
        <circle cx="372" cy="316" r="15" className="stroke-art-line" strokeWidth="6" />
        <path d="M372 262v38" className="stroke-art-line" strokeWidth="6" />
        {/* The person: a silhouette, seated. */}
        <g className="stroke-muted">
          <path d="M186 94l14 56" strokeWidth="46" />
          <path d="M206 150h110" strokeWidth="38" />
          <path d="M322 160l30 112" strokeWidth="30" />
          <path d="M352 283h42" strokeWidth="16" />
          <path d="M192 104l34 44 44-8" strokeWidth="15" />
        </g>
        <circle cx="178" cy="56" r="23" className="fill-muted" />
        {/* The controller fixed to the side of the chair (left, right or portable are the choices), its hose to the cushion. */}
        <path d="M244 216c0-10-14-10-22-14" className="stroke-accent" strokeWidth="4" />
        <rect x="226" y="216" width="66" height="36" rx="7" className="fill-surface stroke-art-line" strokeWidth="3" />
        <circle cx="278" cy="234" r="4.5" className="fill-accent" />
      </g>
      {/* The air cells, alternately up and down under the person. */}
      {cells.map((i) => {
        const up = i % 2 === 0;
        return (
          <rect
            key={i}
            x={162 + i * 32}
            y={up ? 174 : 184}
            width="28"
            height={up ? 30 : 20}
            rx="9"
            className={up ? "fill-brand" : "fill-accent"}
          />
        );
      })}
    </Figure>
  );
}

/** The two controllers side by side: Auto-Start with its sensor, and the Manual Rocker Switch. */
export function TwoControllers({ label, words }: { label: string; words: [string, string] }) {
  return (
    <Figure label={label} height={300}>
      <g strokeLinecap="round" strokeLinejoin="round">
        {/* Auto-Start: a sensor and an indicator marked AUTO. */}
        <rect x="45" y="60" width="175" height="160" rx="20" className="fill-surface stroke-art-line" strokeWidth="3" />
        <circle cx="132" cy="122" r="32" className="fill-brand-soft stroke-brand" strokeWidth="3" />
        <circle cx="132" cy="122" r="12" className="fill-brand" />
        <circle cx="86" cy="188" r="7" className="fill-accent" />
        <text x="102" y="195" className="fill-ink" fontSize="20" fontWeight="700">
          AUTO
        </text>
        {/* Manual: a rocker switch marked I and O. */}
        <rect
          x="260"
          y="60"
          width="175"
          height="160"
          rx="20"
          className="fill-surface stroke-art-line"
          strokeWidth="3"
        />
        <rect x="302" y="88" width="92" height="68" rx="12" className="fill-art stroke-art-line" strokeWidth="3" />
        <path d="M310 98h38v48h-38z" className="fill-brand" />
        <path d="M348 102h38v40h-38z" className="fill-surface" />
        <text x="329" y="130" textAnchor="middle" className="fill-brand-ink" fontSize="20" fontWeight="700">
          I
        </text>
        <text x="367" y="130" textAnchor="middle" className="fill-ink" fontSize="20" fontWeight="700">
          O
        </text>
        <circle cx="300" cy="188" r="7" className="fill-accent" />
      </g>
      <g className="fill-ink" fontSize="21" fontWeight="700" textAnchor="middle">
        <text x="132" y="258">
          {words[0]}
        </text>
        <text x="348" y="258">
          {words[1]}
        </text>
      </g>
    </Figure>
  );
}

/** A battery four-fifths full, with how long one charge lasts beneath it. */
export function BatteryLife({ label, words }: { label: string; words: [string] }) {
  const bars = Array.from({ length: 5 }, (_, i) => i);
  return (
    <Figure label={label} height={300}>
      <rect x="90" y="56" width="276" height="132" rx="22" className="fill-surface stroke-art-line" strokeWidth="6" />
      <rect x="370" y="98" width="20" height="48" rx="6" className="fill-art-line" />
      {bars.map((i) => (
        <rect
          key={i}
          x={108 + i * 50}
          y="74"
          width="40"
          height="96"
          rx="8"
          className={i < 4 ? "fill-brand" : "fill-brand-soft"}
        />
      ))}
      <g fill="none" className="stroke-accent" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="158" cy="240" r="20" />
        <path d="M158 228v12l9 6" />
      </g>
      <text x="192" y="254" className="fill-ink" fontSize="38" fontWeight="700">
        {words[0]}
      </text>
    </Figure>
  );
}

/** A cushion of an unusual shape inside the dashed outline of a seat, with its width and depth measured. */
export function BuiltToFit({ label, words }: { label: string; words: [string] }) {
  const clip = useId();
  // One corner cut away: a shape no standard cushion has.
  const outline =
    "M124 66H330Q346 66 346 82V214Q346 230 330 230H176Q158 230 147 216L116 178Q108 168 108 156V82Q108 66 124 66Z";
  const rows = Array.from({ length: 8 }, (_, i) => i);
  return (
    <Figure label={label} height={300}>
      <defs>
        <clipPath id={clip}>
          <path d={outline} />
        </clipPath>
      </defs>
      <rect
        x="96"
        y="54"
        width="262"
        height="188"
        rx="16"
        fill="none"
        className="stroke-art-line"
        strokeWidth="2"
        strokeDasharray="7 7"
        opacity=".6"
      />
      <path d={outline} className="fill-surface" />
      <g clipPath={`url(#${clip})`}>
        {rows.map((i) => (
          <rect
            key={i}
            x="112"
            y={72 + i * 20}
            width="230"
            height={i % 2 === 0 ? 15 : 11}
            rx="6"
            className={i % 2 === 0 ? "fill-brand" : "fill-accent"}
          />
        ))}
      </g>
      <path d={outline} fill="none" className="stroke-art-line" strokeWidth="3" />
      <g fill="none" className="stroke-art-line" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M110 36h234M110 36l10-6M110 36l10 6M344 36l-10-6M344 36l-10 6" />
        <path d="M380 68v160M380 68l-6 10M380 68l6 10M380 228l-6-10M380 228l6-10" />
      </g>
      <text x="227" y="278" textAnchor="middle" className="fill-ink" fontSize="24" fontWeight="700">
        {words[0]}
      </text>
    </Figure>
  );
}

/** The cushion seen from above with the optional moisture control unit beside it. */
export function MoistureControlUnit({ label, words }: { label: string; words: [string, string] }) {
  const rows = Array.from({ length: 5 }, (_, i) => i);
  return (
    <Figure label={label} height={300}>
      <rect x="46" y="52" width="252" height="196" rx="24" className="fill-surface stroke-art-line" strokeWidth="3" />
      {rows.map((i) => (
        <rect
          key={i}
          x="64"
          y={68 + i * 34}
          width="216"
          height="26"
          rx="13"
          className={i % 2 === 0 ? "fill-brand" : "fill-accent"}
        />
      ))}
      <rect x="344" y="106" width="96" height="88" rx="14" className="fill-surface stroke-art-line" strokeWidth="3" />
      <path
        d="M364 130h56M364 144h56M364 158h56"
        fill="none"
        className="stroke-muted"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="392" cy="178" r="5" className="fill-accent" />
      <g className="fill-ink" fontSize="20" fontWeight="700" textAnchor="middle">
        <text x="392" y="226">
          {words[0]}
        </text>
        <text x="392" y="250">
          {words[1]}
        </text>
      </g>
    </Figure>
  );
}

/**
 * The two sets of air cells taking turns, as an animation that only runs when the visitor has
 * not asked for reduced motion, and that a checkbox pauses (plain HTML and CSS: it works before
 * and without JavaScript). With reduced motion it is a still picture of one phase.
 */
export function CellsCycle({
  label,
  caption,
  motionCaption,
  pauseLabel,
}: {
  label: string;
  caption: string;
  motionCaption: string;
  pauseLabel: string;
}) {
  const cells = Array.from({ length: 8 }, (_, i) => i);
  return (
    <figure className="cells-demo">
      <Figure label={label} height={210}>
        <rect x="28" y="158" width="424" height="14" rx="7" className="fill-art-line" opacity=".35" />
        {cells.map((i) => (
          <rect
            key={i}
            x={36 + i * 52}
            y="38"
            width="44"
            height="120"
            rx="14"
            className={`cell ${i % 2 === 0 ? "cell-a fill-brand" : "cell-b fill-accent"}`}
          />
        ))}
        <g className="fill-ink" fontSize="20" fontWeight="700" textAnchor="middle">
          {cells.map((i) => (
            <text key={i} x={58 + i * 52} y="197">
              {i % 2 === 0 ? "A" : "B"}
            </text>
          ))}
        </g>
      </Figure>
      <figcaption className="mt-3 text-small text-muted">
        {caption}
        <span className="motion-reduce:hidden"> {motionCaption}</span>
      </figcaption>
      <label className="mt-3 inline-flex tap-target cursor-pointer items-center gap-3 rounded-md border border-line bg-surface px-4 font-semibold motion-reduce:hidden">
        <input type="checkbox" className="cells-pause size-5 accent-brand" />
        {pauseLabel}
      </label>
    </figure>
  );
}
