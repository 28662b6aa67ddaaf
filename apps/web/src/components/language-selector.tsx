import type { Locale } from "@estaciona/contracts";
import { getHostConfig } from "../lib/host-config.ts";
import { setLanguage } from "../lib/set-language.ts";
import { MexicoFlag, UsaFlag } from "./flags.tsx";
import "./language-selector.css";
import { currentLocale, useT } from "../lib/translator.ts";

const options: { locale: Locale; Flag: typeof MexicoFlag }[] = [
  { locale: "es", Flag: MexicoFlag },
  { locale: "en", Flag: UsaFlag },
];

/**
 * Spanish with the Mexican flag, English with the US flag (docs/product/screens-and-routes.md), as two toggle buttons:
 * one tap, keyboard-operable, and no popup library in the sign-in screen's download. Hosts that
 * force Spanish have nothing to choose, so it is not shown there.
 */
export function LanguageSelector() {
  const t = useT();
  if (getHostConfig().force_spanish) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a legend and form semantics to a toolbar control.
    <div className="language-selector" role="group" aria-label={t("language.label")}>
      {options.map(({ locale, Flag }) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          // The top bar hides the text on phones (only the flag shows); the name must stay.
          aria-label={t(`language.${locale}`)}
          className="language-option"
          aria-pressed={currentLocale() === locale}
          onClick={() => void setLanguage(locale)}
        >
          <Flag />
          <span>{t(`language.${locale}`)}</span>
        </button>
      ))}
    </div>
  );
}
