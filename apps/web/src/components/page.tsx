import { createContext, type ReactNode, use } from "react";
import { usePageTitle } from "../lib/title.ts";

/**
 * True under the app shell, whose top bar shows the page title (docs/product/screens-and-routes.md): the page's own h1 is
 * then for assistive technology only, so the title is seen once. Screens without a top bar (3-D
 * Secure, the error screen outside the shell) show their h1.
 */
export const TopBarShowsTitle = createContext(false);

/**
 * A screen's frame: sets the title store (the top bar and the document title follow it) and
 * gives the page its h1, with the screen's actions beside it.
 */
export function Page({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  const titleInTopBar = use(TopBarShowsTitle);
  const heading = <h1 className={titleInTopBar ? "visually-hidden" : "page-title"}>{title}</h1>;
  return (
    <div className="page">
      {titleInTopBar && !actions ? (
        heading
      ) : (
        <div className={titleInTopBar ? "page-heading page-heading-actions" : "page-heading"}>
          {heading}
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}
