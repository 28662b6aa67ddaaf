import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const SECOND_MS = 1000;

/** "1:05:09" or "4:07": hours only when there are any. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND_MS));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * The time left until `endsAt` on the server's clock: `serverTime` is when the server answered and
 * `fetchedAt` when the answer arrived here, so a phone whose clock is off still counts right.
 */
export function useRemaining(endsAt: string, serverTime: string, fetchedAt: number): number {
  const skew = Date.parse(serverTime) - fetchedAt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, []);
  return Date.parse(endsAt) - (now + skew);
}

/** A live countdown; read out by screen readers only when asked (it changes every second). */
export function Countdown({
  endsAt,
  serverTime,
  fetchedAt,
}: {
  endsAt: string;
  serverTime: string;
  fetchedAt: number;
}) {
  const { t } = useTranslation("meters");
  const remaining = useRemaining(endsAt, serverTime, fetchedAt);
  return (
    <span className="meter-countdown" role="timer" aria-live="off">
      {remaining > 0 ? t("time_left", { time: formatRemaining(remaining) }) : t("time_up")}
    </span>
  );
}
