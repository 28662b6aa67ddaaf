import type { ReactNode } from "react";
import { InboxIcon } from "./icons.tsx";
import "./empty-state.css";

/** What a screen shows when it has nothing to list yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state">
      <InboxIcon />
      <p>{children}</p>
    </div>
  );
}
