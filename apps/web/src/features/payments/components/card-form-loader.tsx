import { lazy, Suspense } from "react";
import { LoadingSection } from "../../../components/loading-view.tsx";
import type { CardGateway } from "../api/payments.ts";

// Each form is its own chunk, so only the card screens download card-form code and scripts.
const MexicanCardForm = lazy(() => import("./mexican-card-form.tsx"));
const UsCardForm = lazy(() => import("./us-card-form.tsx"));

/**
 * The card form for a gateway: the USA form (NMI) for `us`, the Mexican form for `mx` (Conekta)
 * and `netpay`. `onSaved` closes the form; a `redirect` query wins over it (docs/product/entities-and-states.md).
 */
export function CardFormLoader({
  gateway,
  onSaved,
  showNotice = true,
}: {
  gateway: CardGateway;
  onSaved: () => void;
  showNotice?: boolean;
}) {
  return (
    <Suspense fallback={<LoadingSection />}>
      {gateway === "us" ? (
        <UsCardForm onSaved={onSaved} showNotice={showNotice} />
      ) : (
        <MexicanCardForm gateway={gateway} onSaved={onSaved} showNotice={showNotice} />
      )}
    </Suspense>
  );
}
