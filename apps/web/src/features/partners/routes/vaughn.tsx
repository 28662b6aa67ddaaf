import { PartnerLanding } from "../components/partner-landing.tsx";

/** /vaughn (signed in): the partner landing this host configures under "vaughn". */
export default function VaughnScreen() {
  return <PartnerLanding slug="vaughn" />;
}
