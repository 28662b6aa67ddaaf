import type { ReactNode } from "react";
import { usePageTitle } from "../lib/title.ts";
import { InboxIcon } from "./icons.tsx";

/**
 * A screen's frame: sets the title store (the top bar shows it) and gives the page its h1 for
 * assistive technology, since the visible title lives in the top bar.
 */
export function Page({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** What a screen shows when it has nothing to list yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state">
      <InboxIcon />
      <p>{children}</p>
    </div>
  );
}
