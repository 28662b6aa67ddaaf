import { saveFile } from "../../../lib/download.ts";

/**
 * A place's printed QR (docs/decisions/0287, 0311), drawn here from the signed link the API names:
 * uqr (already the receipts' and passes' QR library) is downloaded only when a sign is shown. Four
 * modules of quiet zone, as the QR standard asks, so a sticker on a busy post still scans; level M
 * survives a scratch or a bit of grime.
 */
const QR_OPTIONS = { border: 4, ecc: "M" } as const;
/** The PNG is at least this many pixels across: sharp at 12 cm on a 250 dpi printer. */
const PNG_MIN_PX = 1200;

export async function signSvg(url: string): Promise<string> {
  const { renderSVG } = await import("uqr");
  return renderSVG(url, QR_OPTIONS);
}

/** The same code as a PNG, drawn module by module so its edges stay sharp at any print size. */
export async function signPng(url: string): Promise<Blob> {
  const { encode } = await import("uqr");
  const { data, size } = encode(url, QR_OPTIONS);
  const module = Math.ceil(PNG_MIN_PX / size);
  const canvas = document.createElement("canvas");
  canvas.width = size * module;
  canvas.height = size * module;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas to draw the QR on");
  // colour-lint: data — a QR is read as black on white whatever the host's theme; uqr's SVG is the same.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // colour-lint: data — the modules, black as in uqr's SVG.
  context.fillStyle = "#000000";
  for (const [y, row] of data.entries())
    for (const [x, dark] of row.entries()) if (dark) context.fillRect(x * module, y * module, module, module);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The QR could not be drawn"))), "image/png"),
  );
}

/** The file's name: the place's name in lowercase ASCII words, so it sorts and prints anywhere. */
export const signFileName = (placeName: string, extension: "svg" | "png") =>
  `qr-${
    placeName
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "sign"
  }.${extension}`;

export async function downloadSign(url: string, placeName: string, format: "svg" | "png"): Promise<void> {
  const content = format === "svg" ? new Blob([await signSvg(url)], { type: "image/svg+xml" }) : await signPng(url);
  saveFile(content, signFileName(placeName, format));
}
