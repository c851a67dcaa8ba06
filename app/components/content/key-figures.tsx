import { keyFigures } from "~/content/home";

/** The facts that are numbers, each as a large figure with what it means beneath. */
export function KeyFigures() {
  return (
    <ul className="grid grid-cols-1 gap-x-8 gap-y-10 min-[400px]:grid-cols-2 lg:grid-cols-3">
      {keyFigures().map((figure) => (
        <li key={figure.id} className="border-t-4 border-brand pt-4">
          <p className="text-figure font-bold text-brand">
            {figure.value}
            {figure.unit ? <span className="ml-2 text-lead font-bold">{figure.unit}</span> : null}
          </p>
          <p className="mt-3 max-w-[28ch] text-lead">{figure.label}</p>
        </li>
      ))}
    </ul>
  );
}
