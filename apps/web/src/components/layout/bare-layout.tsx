import type { ReactNode } from "react";
import { LanguageSelector } from "../language-selector.tsx";
import "./bare-layout.css";

/**
 * Login and 3-D Secure screens: no top bar or footer, only the language selector (docs/product/screens-and-routes.md).
 * The error screen at the root of the router uses it too, around its own content.
 */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bare-layout">
      <header className="bare-header">
        <LanguageSelector />
      </header>
      <main id="main" className="bare-main">
        {children}
      </main>
    </div>
  );
}
