import type { Histogram } from "prom-client";
import { GatewayDeclinedError } from "../modules/payments/gateway.ts";
import type { Providers } from "../providers.ts";
import { traceProviderCall } from "./tracing.ts";

export type ProviderCallLabels = "kind" | "provider" | "operation" | "outcome";

/**
 * What became of a call: `ok`; `refused` when the provider answered no (a declined charge, a failed
 * refund, a card refused while saving); `error` when it threw anything else — it did not answer, or
 * answered an error, and the outcome may be unknown (docs/operations.md#alerts).
 */
function outcomeOf(result: unknown): "ok" | "refused" {
  const status = result && typeof result === "object" ? (result as { status?: unknown }).status : undefined;
  return status === "declined" || status === "failed" ? "refused" : "ok";
}

/**
 * One provider object whose every asynchronous method is timed into `calls`, by the provider's
 * name and the method's. Methods are looked up at call time, so a provider that swaps its own
 * behaviour (the tests' switchboards) is measured as it is then.
 */
function instrument<T extends object>(kind: string, provider: T, calls: Histogram<ProviderCallLabels>): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        const labels = { kind, provider: String((target as { name?: unknown }).name), operation: property };
        const stop = calls.startTimer(labels);
        return traceProviderCall(kind, labels.provider, property, result).then(
          (answer: unknown) => {
            stop({ outcome: outcomeOf(answer) });
            return answer;
          },
          (error: unknown) => {
            stop({ outcome: error instanceof GatewayDeclinedError ? "refused" : "error" });
            throw error;
          },
        );
      };
    },
  });
}

/** Every provider behind the one boundary where its calls are measured (not in each adapter). */
export function instrumentProviders(providers: Providers, calls: Histogram<ProviderCallLabels>): Providers {
  return {
    sms: instrument("sms", providers.sms, calls),
    email: instrument("email", providers.email, calls),
    invoicing: instrument("invoicing", providers.invoicing, calls),
    payments: {
      mx: instrument("payments", providers.payments.mx, calls),
      us: instrument("payments", providers.payments.us, calls),
      netpay: instrument("payments", providers.payments.netpay, calls),
    },
  };
}
