// The shared styles first, so every component's own file (imported with it) comes after them.
import "./styles/tokens.css";
import "./styles/global.css";
import "./styles/controls.css";
import "./styles/content.css";
import "./styles/themes.css";
import { createRoot } from "react-dom/client";
import { startApp } from "./app/start.tsx";
import { startMonitoring } from "./lib/analytics.ts";
import { applyTheme, getHostConfig } from "./lib/host-config.ts";
import { LOCALE_STORAGE_KEY, resolveLanguage } from "./lib/language.ts";
import { startSession } from "./lib/session.ts";
import { languageStore, loadLanguage } from "./lib/translator.ts";

async function boot() {
  const host = getHostConfig();
  applyTheme(host);
  const language = resolveLanguage({
    stored: localStorage.getItem(LOCALE_STORAGE_KEY),
    browser: navigator.language,
    forceSpanish: host.force_spanish,
    countryQuery: new URLSearchParams(window.location.search).get("country"),
  });
  document.documentElement.lang = language;
  await loadLanguage(language);
  languageStore.set(language);
  startMonitoring(host);
  // The session refresh starts before the first render so the loading view shows at once.
  void startSession();
  startApp(createRoot(document.getElementById("root")!));
}

const booted = boot();
// The service worker (docs/offline.md, docs/decisions/0190), once the page has loaded: the app
// opens with no connection; nothing of it is in the first download of /. On `/` this module is
// started after the first paint (decision 0345), often after the load event: then once the app is started.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") void booted.then(register, register);
  else window.addEventListener("load", register, { once: true });
}
