import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type QrReader, qrReader, readPhoto } from "../lib/qr-reader.ts";
import { ScannedCode } from "./scanned-code.tsx";
import "../catalogue.ts";
import "../signs.css";

/** How often a camera frame is read: quick enough to feel instant, light enough for an old phone. */
const FRAME_EVERY_MS = 250;

type Camera = "starting" | "reading" | "blocked";

/**
 * The app's own QR scanner (issue 26 item 7, docs/decisions/0311), a lazy chunk opened from the home
 * and the meters search: the back camera, read a few times a second, or a photo of the sign for a
 * phone without a camera or permission for it. The first code read is checked by the API before
 * anything opens; the camera stops meanwhile.
 */
export default function SignScanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("signs");
  const photoInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const reader = useRef<Promise<QrReader> | null>(null);
  const [camera, setCamera] = useState<Camera>("starting");
  const [text, setText] = useState<string | null>(null);
  const [photoFailed, setPhotoFailed] = useState(false);

  const read = useCallback(() => {
    reader.current ??= qrReader();
    return reader.current;
  }, []);

  useEffect(() => {
    if (text !== null) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stopCamera = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // Scanning again asks for the camera again: permission may have been given since.
    setCamera("starting");
    const readFrame = async () => {
      const frame = video.current;
      const found = frame && frame.readyState >= 2 ? await (await read())(frame).catch(() => null) : null;
      if (stopped) return;
      if (found) setText(found);
      else timer = setTimeout(() => void readFrame(), FRAME_EVERY_MS);
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setCamera("blocked");
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        return setCamera("blocked");
      }
      if (stopped || !video.current) return stopCamera();
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setCamera("reading");
      void readFrame();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
    };
  }, [text, read]);

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const found = await readPhoto(await read(), file);
    setPhotoFailed(found === null);
    if (found) setText(found);
  };

  if (text !== null)
    return (
      <div className="dialog-body sign-scanner">
        <ScannedCode text={text} onOpened={onClose} />
        <button type="button" className="button button-secondary" onClick={() => setText(null)}>
          {t("scan_again")}
        </button>
      </div>
    );
  return (
    <div className="dialog-body sign-scanner">
      <p>{t("scan_intro")}</p>
      {camera !== "blocked" && (
        <video ref={video} className="sign-scanner-video" aria-label={t("camera_label")} muted playsInline />
      )}
      <p className={camera === "blocked" ? "notice notice-warning" : "muted"} role="status">
        {camera === "blocked"
          ? t("camera_blocked")
          : camera === "starting"
            ? t("camera_starting")
            : t("camera_reading")}
      </p>
      <button type="button" className="button button-secondary" onClick={() => photoInput.current?.click()}>
        {t("photo")}
      </button>
      <input
        ref={photoInput}
        hidden
        type="file"
        accept="image/*"
        capture="environment"
        data-testid="sign-photo"
        onChange={(event) => void onPhoto(event)}
      />
      {photoFailed && (
        <p className="field-error" role="alert">
          {t("photo_unreadable")}
        </p>
      )}
    </div>
  );
}
