import { isIP } from "node:net";
import { z } from "zod";

/** proxy-addr's names for whole private ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];
const isAddressOrCidr = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: which hops of `X-Forwarded-For` to believe (docs/decisions/0013). `false` or `0`:
 * none, the connection's address is the client's; a hop count `N`: the N proxies nearest the
 * server, so the client is the address the outermost of them saw; a comma list of addresses or
 * CIDRs: exactly those proxies. `true` trusts every hop, so any client chooses its own IP with
 * one header and defeats every per-IP limit: refused, with the reason.
 */
export const trustProxy = z
  .string()
  .default("false")
  .transform((raw, context): false | number | string[] => {
    const value = raw.trim().toLowerCase();
    if (value === "false" || value === "0" || value === "") return false;
    if (value === "true" || value === "yes") {
      context.addIssue({
        code: "custom",
        message:
          "`true` trusts every X-Forwarded-For hop, so any client picks its own IP with one header and defeats every per-IP limit; set the number of proxies in front of the server (behind one load balancer: 1) or their addresses/CIDRs",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: "custom",
        message: `not a hop count, an address or a CIDR: ${wrong.join(", ")} (use false, a number such as 1, or a list such as 10.0.0.0/8,192.168.1.10)`,
      });
      return z.NEVER;
    }
    return entries;
  });
