import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the translator, as on the first screen: before i18next is handed every key. */
async function firstScreenTranslator() {
  vi.resetModules();
  return import("./translator.ts");
}

describe("the first screen's translator (decision 0326)", () => {
  beforeEach(() => vi.resetModules());

  it("answers the catalogue's words in the store's language, `common` when no namespace is named", async () => {
    const { languageStore, loadLanguage, translate } = await firstScreenTranslator();
    await loadLanguage("es");
    languageStore.set("es");
    expect(translate("auth:phone_step.heading")).toBe("Inicia sesión o crea tu cuenta");
    expect(translate("language.en")).toBe(translate("common:language.en"));
  });

  it("fills `{{name}}` placeholders as i18next does", async () => {
    const { languageStore, loadLanguage, translate } = await firstScreenTranslator();
    const { i18n, initI18n } = await import("./i18n.ts");
    await loadLanguage("en");
    languageStore.set("en");
    const key = "auth:code_step.sent_to";
    const light = translate(key, { phone: "+52 81 1234 5678" });
    expect(light).toContain("+52 81 1234 5678");
    await initI18n();
    expect(i18n.t(key as never, { phone: "+52 81 1234 5678" } as never)).toBe(light);
  });

  it("turns a contract message `namespace.key` into the catalogue's text", async () => {
    const { languageStore, loadLanguage, translateMessage } = await firstScreenTranslator();
    await loadLanguage("en");
    languageStore.set("en");
    expect(translateMessage("validation.max_length", { max: 10 })).toBe("The maximum length allowed is 10");
  });
});
