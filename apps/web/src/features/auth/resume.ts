import { createStore } from "../../lib/store.ts";
import type { WizardStep } from "./wizard-flow.ts";

/**
 * The step the sign-in screen shown before the router handed over (docs/decisions/0095): the
 * router's wizard starts there instead of deciding again on entry, then clears it.
 */
export const resumedStep = createStore<WizardStep | null>(null);
