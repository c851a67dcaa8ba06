import { Link } from "react-router";
import { pagePaths } from "~/content/navigation";

/** "privacy policy", linked: what every consent box and privacy note that collects data points to. */
export function PrivacyPolicyLink({ children = "privacy policy" }: { children?: React.ReactNode }) {
  return (
    <Link to={pagePaths.privacy} className="font-semibold text-brand underline">
      {children}
    </Link>
  );
}
