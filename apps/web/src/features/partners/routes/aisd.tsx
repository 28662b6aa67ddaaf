import { PartnerLanding } from "../components/partner-landing.tsx";

/** /aisd (public): the partner landing this host configures under "aisd". */
export default function AisdScreen() {
  return <PartnerLanding slug="aisd" />;
}
