import { Link, type LinkProps } from "react-router";

/** Shared looks for buttons and button-like links; every one is at least 44×44 px. */
export type ButtonVariant = "primary" | "secondary" | "quiet";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-brand-ink hover:opacity-90",
  secondary: "border-2 border-brand text-brand hover:bg-brand-soft",
  quiet: "text-brand underline underline-offset-4 hover:bg-brand-soft",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = "") {
  return `tap-target inline-flex items-center justify-center gap-2 rounded-md px-5 py-2 text-center font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

export function LinkButton({ variant = "primary", className = "", ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClass(variant, className)} />;
}

/** A link that leaves the site in a new tab, and says so to screen-reader users. */
export function ExternalLink({
  href,
  children,
  className,
  hint = "opens in a new tab",
}: {
  href: string;
  children: React.ReactNode;
  className?: string;
  hint?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> ({hint})</span>
    </a>
  );
}
