import { useSearchParams } from "react-router";
import { getHostConfig, paymentLocale } from "../../../lib/host-config.ts";

/** Spec §9: mx for Mexican hosts or a country=mx query, otherwise us. */
export function usePaymentLocale(): "mx" | "us" {
  const [searchParams] = useSearchParams();
  return paymentLocale(getHostConfig(), searchParams.get("country"));
}
