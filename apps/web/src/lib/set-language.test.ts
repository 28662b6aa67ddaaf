import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "./i18n.ts";
import { setLanguage } from "./set-language.ts";

const SIGN_IN_NAMESPACES = ["common", "auth", "errors", "validation"] as const;

describe("setLanguage (decision 0247)", () => {
  afterEach(async () => {
    await setLanguage("en");
  });

  it("brings the other language's sign-in catalogues in before any text changes language", async () => {
    // As after a first download in English: the Spanish catalogues are not there yet.
    for (const namespace of SIGN_IN_NAMESPACES) i18n.removeResourceBundle("es", namespace);
    expect(i18n.hasResourceBundle("es", "auth")).toBe(false);
    const atChange: boolean[] = [];
    const record = () =>
      atChange.push(SIGN_IN_NAMESPACES.every((namespace) => i18n.hasResourceBundle("es", namespace)));
    i18n.on("languageChanged", record);
    try {
      await setLanguage("es");
    } finally {
      i18n.off("languageChanged", record);
    }
    expect(atChange).toEqual([true]);
    expect(i18n.t("auth:phone_step.heading")).toBe("Inicia sesión o crea tu cuenta");
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem("locale")).toBe("es");
  });

  it("keeps a language's catalogues once loaded", async () => {
    await setLanguage("es");
    await setLanguage("en");
    expect(i18n.t("auth:phone_step.heading")).toBe("Sign in or create your account");
    expect(i18n.hasResourceBundle("es", "auth")).toBe(true);
  });
});
