import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";

/** True once the wizard has moved from the step it opened on. */
export const StepChangedContext = createContext(false);

/**
 * A wizard step's heading. When the driver moves to a step, the step they left (and the button
 * they pressed) is gone; without a new place for focus it falls back to the page's top, so a
 * keyboard's next Enter does nothing and a screen reader announces nothing. The new step's
 * heading takes focus and is read out. The step the page opens on leaves focus alone.
 */
export function StepTitle({ children }: { children: ReactNode }) {
  const stepChanged = useContext(StepChangedContext);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (stepChanged) heading.current?.focus();
  }, [stepChanged]);
  return (
    <h2 ref={heading} className="step-title" tabIndex={-1}>
      {children}
    </h2>
  );
}
