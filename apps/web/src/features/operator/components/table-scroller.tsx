import type { ReactNode } from "react";

/** A wide table that scrolls sideways on a phone; focusable and named, so a keyboard can scroll it too. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
    <section className="console-table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
