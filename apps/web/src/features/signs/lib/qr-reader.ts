/**
 * Reads a QR code from a camera frame or a photo (docs/decisions/0311): the browser's own
 * `BarcodeDetector` where it reads QR codes (Chrome on Android and macOS, Safari 17+), else jsQR,
 * downloaded only then — never with the app's first download.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

/** Photos are read at most this many pixels across: a sign's QR needs far fewer, and it keeps jsQR fast. */
const MAX_SIDE_PX = 1280;

export type QrFrame = HTMLVideoElement | HTMLImageElement;
/** `thorough`: also looks for a light code on a dark ground (a photo, read once; a camera frame is read often). */
export type QrReader = (frame: QrFrame, thorough?: boolean) => Promise<string | null>;

const sizeOf = (frame: QrFrame) =>
  frame instanceof HTMLVideoElement
    ? { width: frame.videoWidth, height: frame.videoHeight }
    : { width: frame.naturalWidth, height: frame.naturalHeight };

async function nativeDetector(): Promise<BarcodeDetectorInstance | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

export async function qrReader(): Promise<QrReader> {
  const detector = await nativeDetector();
  if (detector)
    return async (frame) => {
      const codes = await detector.detect(frame);
      return codes[0]?.rawValue ?? null;
    };
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (frame, thorough = false) => {
    const { width, height } = sizeOf(frame);
    if (!context || width === 0 || height === 0) return null;
    const scale = Math.min(1, MAX_SIDE_PX / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(frame, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(pixels.data, pixels.width, pixels.height, {
      inversionAttempts: thorough ? "attemptBoth" : "dontInvert",
    });
    return code?.data ?? null;
  };
}

/** The code in a photo the driver chose, drawn from an image (SVG included, which `createImageBitmap` refuses). */
export async function readPhoto(read: QrReader, file: Blob): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return await read(image, true);
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
