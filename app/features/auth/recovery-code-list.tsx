import { buttonClass } from "~/components/ui/button";

/** Ten recovery codes, shown once after a first factor is set up, and the way on once they are saved. */
export function RecoveryCodeList({ codes, next }: { codes: string[]; next: string }) {
  return (
    <>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-body">
        {codes.map((code) => (
          <li key={code} className="rounded-md border border-line px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <a href={next} className={buttonClass("primary")}>
          I have saved them: continue
        </a>
      </p>
    </>
  );
}
