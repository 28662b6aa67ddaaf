import { useState } from "react";

export type Position = { lat: number; lng: number };
export type Locating = "idle" | "busy" | "failed";

/** The phone's position, asked for only when the driver taps "near me", rounded before it leaves the phone. */
export function useNearMe() {
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState<Locating>("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("failed");
    setLocating("busy");
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setPosition({
          // A hundred metres is all the order needs; the rest would only tell the server more about the driver.
          lat: Math.round(found.coords.latitude * 1000) / 1000,
          lng: Math.round(found.coords.longitude * 1000) / 1000,
        });
        setLocating("idle");
      },
      () => setLocating("failed"),
      { maximumAge: 60_000, timeout: 10_000 },
    );
  };
  return { position, locating, locate };
}
