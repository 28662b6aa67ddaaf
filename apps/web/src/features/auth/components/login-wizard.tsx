import { formatPhoneNumber } from "@estaciona/contracts/phones";
import type { User } from "@estaciona/contracts/schemas/user";
import { lazy, Suspense, useEffect, useState } from "react";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Logo } from "../../../components/logo.tsx";
import { cardRefusal, forgetCardRefusal } from "../../../lib/card-refusal.ts";
import { getHostConfig, isFreeflowHost, loginText, paymentLocale } from "../../../lib/host-config.ts";
import { defaultDialCountry } from "../../../lib/language.ts";
import { navigateTo } from "../../../lib/navigation.ts";
import { loadUser, sessionStore, signInWithCode } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { usePageTitle } from "../../../lib/title.ts";
import { currentLocale, useT } from "../../../lib/translator.ts";
import { freeflowWelcomeStore } from "../../../lib/welcome.ts";
import { type CodeChannel, registerPhone } from "../api/register-phone.ts";
import { resumedStep } from "../resume.ts";
import {
  afterProfileLoad,
  afterVehicleSkip,
  canAddLater,
  onEntry,
  redirectTarget,
  type WizardContext,
  type WizardDecision,
  type WizardStep,
} from "../wizard-flow.ts";
import { CodeStep } from "./code-step.tsx";
import { PhoneStep } from "./phone-step.tsx";
import { StepChangedContext } from "./step-title.tsx";

// Steps 3–5 need the vehicle and card code, which most sign-ins never reach.
const NameStep = lazy(() => import("./name-step.tsx"));
const VehicleStep = lazy(() => import("./vehicle-step.tsx"));
const PaymentStep = lazy(() => import("./payment-step.tsx"));

export interface LoginWizardProps {
  /** The query of / (country, checkout, authRedirect). */
  search: URLSearchParams;
  /**
   * Before the router exists (docs/decisions/0095) steps 3–5, whose forms need it, are the
   * router's: the wizard hands them over instead of showing them.
   */
  onLaterStep?: (step: WizardStep) => void;
}

/** The sign-in wizard at / (docs/product/screens-and-routes.md and docs/product/entities-and-states.md). */
export function LoginWizard({ search, onLaterStep }: LoginWizardProps) {
  const t = useT("auth");
  usePageTitle(t("title"));
  const host = getHostConfig();
  const session = useStore(sessionStore);
  // A wizard handed over from the sign-in screen shown before the router goes on where it was.
  const [resumed] = useState(() => resumedStep.get() !== null);
  const [step, setStepState] = useState<WizardStep>(() => resumedStep.get() ?? 1);
  // A resumed wizard has changed step already: its heading takes focus as any new step's does.
  const [stepChanged, setStepChanged] = useState(resumed);
  const setStep = (next: WizardStep) => {
    setStepChanged(true);
    setStepState(next);
  };
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState<{ country: "mx" | "us"; digits: string; e164: string } | null>(null);
  const [prefilledCode, setPrefilledCode] = useState<string | null>(null);
  const [registrations, setRegistrations] = useState(0);
  // Back from a card the bank refused at 3-D Secure (docs/decisions/0252): the card step again, saying why.
  const [refusal] = useState(() => cardRefusal());

  const context: WizardContext = {
    theme: host.theme,
    freeflowHost: isFreeflowHost(host),
    paymentLocale: paymentLocale(host, search.get("country")),
    countryQuery: search.get("country"),
    checkoutQuery: search.has("checkout"),
    authRedirect: search.get("authRedirect"),
  };

  const goToRedirect = (user: User | null) => {
    const target = redirectTarget({
      authRedirect: context.authRedirect,
      freeflowHost: context.freeflowHost,
      user,
      today: new Date(),
    });
    if (target.welcome) freeflowWelcomeStore.set(true);
    navigateTo(target.path, { replace: true });
  };

  const follow = (decision: WizardDecision, user: User | null) => {
    setBusy(false);
    if (decision.kind === "redirect") goToRedirect(user);
    else if (decision.step >= 3 && onLaterStep) onLaterStep(decision.step);
    else setStep(decision.step);
  };

  const reloadAndContinue = async () => {
    setBusy(true);
    const user = await loadUser();
    if (user) follow(afterProfileLoad(user, context), user);
  };

  // docs/product/entities-and-states.md: on entry, a signed-in driver with vehicles is redirected; without vehicles, step 4.
  // A resumed wizard has made that decision already, after the profile loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on entry only.
  useEffect(() => {
    if (resumed) {
      resumedStep.set(null);
      return;
    }
    if (refusal !== null && session.authenticated && session.user) {
      forgetCardRefusal();
      setStep(5);
      return;
    }
    const decision = onEntry(session.user, session.authenticated);
    if (decision) follow(decision, session.user);
  }, []);

  const register = async (target: { country: "mx" | "us"; digits: string; e164: string }, channel?: CodeChannel) => {
    setBusy(true);
    try {
      const code = await registerPhone(target.e164, channel);
      setPhone(target);
      setPrefilledCode(code);
      setRegistrations((count) => count + 1);
      setStep(2);
    } catch {
      // docs/product/calls-and-errors.md: a failed registration only stops loading (the client showed the reason).
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (code: string) => {
    if (!phone) return;
    setBusy(true);
    try {
      const user = await signInWithCode(phone.e164, code);
      if (user) follow(afterProfileLoad(user, context), user);
      else setBusy(false);
    } catch {
      // docs/product/calls-and-errors.md: a failed login only stops loading (the client showed the reason).
      setBusy(false);
    }
  };

  const text = loginText(host, currentLocale());
  const user = session.user;

  return (
    <div className="login">
      <div className="login-brand">
        <Logo className="login-logo" />
        {text && <p className="login-text">{text}</p>}
      </div>
      <StepChangedContext.Provider value={stepChanged}>
        <div className="login-card">
          {step === 1 && (
            <PhoneStep
              defaultValues={{
                country: phone?.country ?? defaultDialCountry(currentLocale()),
                phone: phone?.digits ?? "",
              }}
              busy={busy}
              onSubmit={(target) => void register(target)}
            />
          )}
          {step === 2 && phone && (
            <CodeStep
              phone={formatPhoneNumber(phone.e164)}
              phoneE164={phone.e164}
              prefilledCode={prefilledCode}
              registrations={registrations}
              busy={busy}
              onSubmit={(code) => void signIn(code)}
              onResend={() => void register(phone)}
              onResendBy={(channel) => void register(phone, channel)}
              onBack={() => setStep(1)}
            />
          )}
          <Suspense fallback={<LoadingSection />}>
            {step === 3 && user && <NameStep user={user} onSaved={() => setStep(4)} />}
            {step === 4 && (
              <VehicleStep
                canSkip={canAddLater(host.theme)}
                onSaved={() => void reloadAndContinue()}
                onSkip={() => {
                  const decision = afterVehicleSkip(context);
                  if (decision.kind === "step") setStep(decision.step);
                  else void loadUser().then((reloaded) => reloaded && goToRedirect(reloaded));
                }}
              />
            )}
            {step === 5 && user && (
              <PaymentStep
                user={user}
                paymentLocale={context.paymentLocale}
                canSkip={canAddLater(host.theme)}
                refusal={refusal}
                onDone={() => void loadUser().then((reloaded) => reloaded && goToRedirect(reloaded))}
              />
            )}
          </Suspense>
        </div>
      </StepChangedContext.Provider>
    </div>
  );
}
