import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "./i18n.ts";
import { setLanguage } from "./set-language.ts";
import { currentLocale, translate } from "./translator.ts";

const SIGN_IN_NAMESPACES = ["common", "auth", "errors", "validation"] as const;

describe("setLanguage (decisions 0247, 0326)", () => {
  afterEach(async () => {
    await setLanguage("en");
  });

  it("brings the other language's sign-in catalogues in before any text changes language", async () => {
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
    expect(currentLocale()).toBe("es");
    expect(translate("auth:phone_step.heading")).toBe("Inicia sesión o crea tu cuenta");
    expect(i18n.t("auth:phone_step.heading")).toBe("Inicia sesión o crea tu cuenta");
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem("locale")).toBe("es");
  });

  it("keeps a language's catalogues once loaded", async () => {
    await setLanguage("es");
    await setLanguage("en");
    expect(translate("auth:phone_step.heading")).toBe("Sign in or create your account");
    expect(i18n.hasResourceBundle("es", "auth")).toBe(true);
  });
});
