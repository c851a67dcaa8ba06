import { Link } from "react-router";
import { buttonClass } from "./button";

/** The page asked for in `?page=`, from 1 to 100,000 (anything else is page 1). */
export function pageNumber(params: URLSearchParams): number {
  return Math.min(100_000, Math.max(1, Math.trunc(Number(params.get("page"))) || 1));
}

/** Newer and Older links for a list shown newest first, keeping the list's filter in the address. */
export function Pager({ page, hasMore, query }: { page: number; hasMore: boolean; query: URLSearchParams }) {
  const to = (target: number) => `?${new URLSearchParams({ ...Object.fromEntries(query), page: String(target) })}`;
  return (
    <nav aria-label="Pages" className="mt-6 flex gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonClass("secondary")}>
          Newer
        </Link>
      ) : null}
      {hasMore ? (
        <Link to={to(page + 1)} className={buttonClass("secondary")}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
