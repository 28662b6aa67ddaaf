import { NUMBER_INPUT_REPEAT_DELAY_MS, NUMBER_INPUT_REPEAT_INTERVAL_MS } from "@estaciona/contracts";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MinusIcon, PlusIcon } from "./icons.tsx";
import "./number-input.css";

export function clampValue(value: number, min?: number, max?: number): number {
  let clamped = value;
  if (min !== undefined && clamped < min) clamped = min;
  if (max !== undefined && clamped > max) clamped = max;
  return clamped;
}

/** docs/product/validation.md: a minus sign is allowed only when the minimum is negative or there is none. */
export const allowsNegative = (min?: number): boolean => min === undefined || min < 0;

/**
 * docs/product/validation.md number input: whole steps of `step` (1 unless a screen sells in larger units), clamped to min/max on blur or Enter, +/- buttons that
 * repeat after 500 ms and then every 40 ms while held (docs/product/constants.md).
 */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  name,
  step = 1,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  name?: string;
  step?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(String(value));
  const valueRef = useRef(value);
  const repeatTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    valueRef.current = value;
    setText(String(value));
  }, [value]);

  useEffect(() => () => clearTimeout(repeatTimer.current), []);

  const commitValue = (next: number) => {
    const clamped = clampValue(next, min, max);
    valueRef.current = clamped;
    setText(String(clamped));
    onChange(clamped);
  };

  const commitText = () => {
    const parsed = Number.parseInt(text, 10);
    commitValue(Number.isNaN(parsed) ? valueRef.current : parsed);
  };

  const stepBy = (delta: number) => commitValue(valueRef.current + delta * step);

  const stopRepeat = () => {
    clearTimeout(repeatTimer.current);
    repeatTimer.current = undefined;
  };

  const startRepeat = (delta: number) => (event: PointerEvent<HTMLButtonElement>) => {
    // Only the main button (or a touch, which reports 0) steps; a right click opens the context menu.
    if (event.button > 0) return;
    event.preventDefault();
    stepBy(delta);
    const repeat = () => {
      stepBy(delta);
      repeatTimer.current = setTimeout(repeat, NUMBER_INPUT_REPEAT_INTERVAL_MS);
    };
    repeatTimer.current = setTimeout(repeat, NUMBER_INPUT_REPEAT_DELAY_MS);
  };

  // Pointer presses are handled on pointerdown (to allow holding); keyboard presses arrive as
  // clicks with detail 0.
  const keyboardStep = (delta: number) => (event: { detail: number }) => {
    if (event.detail === 0) stepBy(delta);
  };

  const pattern = allowsNegative(min) ? /^-?\d*$/ : /^\d*$/;

  return (
    <div className="number-input">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="number-input-row">
        <button
          type="button"
          className="icon-button number-input-step"
          aria-label={t("number_input.decrease")}
          aria-controls={id}
          disabled={min !== undefined && value <= min}
          onPointerDown={startRepeat(-1)}
          onPointerUp={stopRepeat}
          onPointerLeave={stopRepeat}
          onPointerCancel={stopRepeat}
          onClick={keyboardStep(-1)}
        >
          <MinusIcon />
        </button>
        <input
          id={id}
          name={name}
          className="input number-input-field"
          inputMode={allowsNegative(min) ? "text" : "numeric"}
          value={text}
          role="spinbutton"
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          onChange={(event) => {
            if (pattern.test(event.target.value)) setText(event.target.value);
          }}
          onBlur={commitText}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commitText();
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              stepBy(1);
            } else if (event.key === "ArrowDown") {
              event.preventDefault();
              stepBy(-1);
            }
          }}
        />
        <button
          type="button"
          className="icon-button number-input-step"
          aria-label={t("number_input.increase")}
          aria-controls={id}
          disabled={max !== undefined && value >= max}
          onPointerDown={startRepeat(1)}
          onPointerUp={stopRepeat}
          onPointerLeave={stopRepeat}
          onPointerCancel={stopRepeat}
          onClick={keyboardStep(1)}
        >
          <PlusIcon />
        </button>
      </div>
    </div>
  );
}
