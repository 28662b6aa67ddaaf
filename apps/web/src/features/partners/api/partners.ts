import * as endpoints from "@estaciona/contracts/endpoints/subscriptions";
import { endpointQuery } from "../../../lib/endpoint-query.ts";

/** A partner landing as this host configures it (title, text, the lots whose passes it offers). */
export const partnerPageQuery = (slug: string) => endpointQuery(endpoints.getPartnerPage, { params: { slug } });
