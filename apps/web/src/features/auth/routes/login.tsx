import { useSearchParams } from "react-router";
import { LoginWizard } from "../components/login-wizard.tsx";

/** / inside the router: the sign-in wizard. */
export function LoginScreen() {
  const [search] = useSearchParams();
  return <LoginWizard search={search} />;
}
