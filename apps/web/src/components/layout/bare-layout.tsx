import { Outlet } from "react-router";
import { LanguageSelector } from "../language-selector.tsx";

/** Login and 3-D Secure screens: no top bar or footer, only the language selector (spec §2). */
export function BareLayout() {
  return (
    <div className="bare-layout">
      <header className="bare-header">
        <LanguageSelector />
      </header>
      <main id="main" className="bare-main">
        <Outlet />
      </main>
    </div>
  );
}
