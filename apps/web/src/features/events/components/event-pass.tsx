import { useMemo } from "react";
import { renderSVG } from "uqr";

/**
 * The signed pass as a QR code the gate scans. The SVG is drawn here from the pass text (no
 * request, works offline once the page is open), as an image with a label for screen readers.
 */
export function EventPass({ pass, label }: { pass: string; label: string }) {
  const source = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(pass, { border: 2, ecc: "M" }))}`,
    [pass],
  );
  return <img className="event-pass-qr" src={source} alt={label} width={280} height={280} />;
}
