import { LoginWizard } from "../components/login-wizard.tsx";

/** / : the sign-in wizard; the only screen in the entry chunk. */
export function LoginScreen() {
  return <LoginWizard />;
}
