import { describe, expect, it } from "vitest";
import { brandCustomProperties, brandStyle } from "./brand.ts";
import { contrastWithWhite, MIN_BUTTON_CONTRAST } from "./constants.ts";

describe("the host's colour", () => {
  it("measures white text against it as WCAG 2 does", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    // The themes' colours pass AA; a yellow and a light blue do not.
    for (const color of ["#0b5cad", "#7a1f3d", "#0b6e4f"])
      expect(contrastWithWhite(color)).toBeGreaterThanOrEqual(MIN_BUTTON_CONTRAST);
    expect(contrastWithWhite("#ffcc00")).toBeLessThan(2);
    expect(contrastWithWhite("#76a8dc")).toBeLessThan(MIN_BUTTON_CONTRAST);
    // #767676 is the well-known lightest grey that still passes 4.5:1 on white.
    expect(contrastWithWhite("#767676")).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite("#777777")).toBeLessThan(4.5);
  });

  it("becomes the theme's custom properties, and anything but #rrggbb becomes none", () => {
    expect(brandCustomProperties("#7A1F3D")).toEqual({
      "--brand": "#7a1f3d",
      "--brand-strong": "color-mix(in srgb, #7a1f3d 80%, black)",
      "--brand-soft": "color-mix(in srgb, #7a1f3d 8%, white)",
      "--brand-text": "color-mix(in srgb, #7a1f3d 85%, black)",
    });
    expect(brandCustomProperties('red;"><script>')).toBeNull();
    expect(brandStyle("blue")).toBe("");
    expect(brandStyle("#0b5cad")).toMatch(/^--brand:#0b5cad;--brand-strong:color-mix/);
  });
});
