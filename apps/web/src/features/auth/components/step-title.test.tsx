import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StepChangedContext, StepTitle } from "./step-title.tsx";

describe("StepTitle (the wizard's step headings)", () => {
  it("leaves focus alone on the step the page opens on", () => {
    render(<StepTitle>Sign in or create your account</StepTitle>);
    expect(screen.getByRole("heading", { name: "Sign in or create your account" })).not.toHaveFocus();
  });

  it("takes focus when the driver arrives from another step, so the new step is announced and reachable", () => {
    render(
      <StepChangedContext.Provider value={true}>
        <StepTitle>Enter your code</StepTitle>
      </StepChangedContext.Provider>,
    );
    expect(screen.getByRole("heading", { name: "Enter your code" })).toHaveFocus();
  });
});
