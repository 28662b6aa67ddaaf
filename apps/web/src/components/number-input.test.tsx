import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allowsNegative, clampValue, NumberInput } from "./number-input.tsx";

function Harness({ initial = 5, min, max }: { initial?: number; min?: number; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <NumberInput label="Minutes" value={value} onChange={setValue} min={min} max={max} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe("clampValue / allowsNegative", () => {
  it("clamps to min and max", () => {
    expect(clampValue(15, 1, 10)).toBe(10);
    expect(clampValue(-3, 0, 10)).toBe(0);
    expect(clampValue(4)).toBe(4);
  });

  it("allows a minus only when min is negative or unset", () => {
    expect(allowsNegative(undefined)).toBe(true);
    expect(allowsNegative(-5)).toBe(true);
    expect(allowsNegative(0)).toBe(false);
  });
});

describe("NumberInput (docs/product/validation.md)", () => {
  afterEach(() => vi.useRealTimers());

  it("clamps on blur", async () => {
    render(<Harness min={1} max={10} />);
    const input = screen.getByLabelText("Minutes");
    await userEvent.clear(input);
    await userEvent.type(input, "42");
    fireEvent.blur(input);
    expect(input).toHaveValue("10");
    expect(screen.getByTestId("value")).toHaveTextContent("10");
  });

  it("clamps on Enter", async () => {
    render(<Harness min={3} max={10} />);
    const input = screen.getByLabelText("Minutes");
    await userEvent.clear(input);
    await userEvent.type(input, "1{Enter}");
    expect(input).toHaveValue("3");
  });

  it("refuses a minus sign when min is not negative", async () => {
    render(<Harness min={0} />);
    const input = screen.getByLabelText("Minutes");
    await userEvent.clear(input);
    await userEvent.type(input, "-4");
    expect(input).toHaveValue("4");
  });

  it("accepts a minus sign when min is unset", async () => {
    render(<Harness />);
    const input = screen.getByLabelText("Minutes");
    await userEvent.clear(input);
    await userEvent.type(input, "-4{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("-4");
  });

  it("steps by 1 from the keyboard and disables the button at the limit", async () => {
    render(<Harness initial={9} max={10} />);
    const increase = screen.getByRole("button", { name: "Increase" });
    increase.focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("10");
    expect(increase).toBeDisabled();
  });

  it("repeats after 500 ms and then every 40 ms while held", () => {
    vi.useFakeTimers();
    render(<Harness initial={0} max={100} />);
    const increase = screen.getByRole("button", { name: "Increase" });
    fireEvent.pointerDown(increase, { button: 0 });
    expect(screen.getByTestId("value")).toHaveTextContent("1");
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByTestId("value")).toHaveTextContent("1");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("value")).toHaveTextContent("2");
    act(() => vi.advanceTimersByTime(40 * 5));
    expect(screen.getByTestId("value")).toHaveTextContent("7");
    fireEvent.pointerUp(increase);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId("value")).toHaveTextContent("7");
  });
});
