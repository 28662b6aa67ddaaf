import type { Country } from "@estaciona/contracts";
import { useSearchParams } from "react-router";
import { getHostConfig, paymentLocale } from "../../../lib/host-config.ts";

/** docs/product/constants.md: mx for Mexican hosts or a country=mx query, otherwise us. */
export function usePaymentLocale(): Country {
  const [searchParams] = useSearchParams();
  return paymentLocale(getHostConfig(), searchParams.get("country"));
}
