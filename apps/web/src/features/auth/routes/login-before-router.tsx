import { currentPath, navigateTo } from "../../../lib/navigation.ts";
import { LoginWizard } from "../components/login-wizard.tsx";
import { resumedStep } from "../resume.ts";

/**
 * / for a visitor without a session, shown before the router is downloaded (docs/decisions/0095):
 * steps 1 and 2 here; any navigation, or a later step, brings the router in at the same place.
 */
export function LoginBeforeRouter() {
  return (
    <LoginWizard
      search={new URLSearchParams(window.location.search)}
      onLaterStep={(step) => {
        resumedStep.set(step);
        navigateTo(currentPath(), { replace: true });
      }}
    />
  );
}
