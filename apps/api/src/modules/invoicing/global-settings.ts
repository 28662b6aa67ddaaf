import type { GlobalInvoiceSettings } from "@estaciona/contracts/schemas/invoicing";
import type { Db, Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit } from "../operator/audit.ts";
import { assertWholeOrganisation, type OperatorScope } from "../operator/scope.ts";
import { lockIssuer, updateIssuerPeriodicity } from "./global-repository.ts";

/**
 * How often the organisation's global invoice is issued (docs/decisions/0309): the console reads
 * and sets it; a change applies from the next period the sweep reaches, under the issuer's lock the
 * sweep takes too, so a period is never collected half with one periodicity and half with another.
 */
export async function globalInvoiceSettings(db: Executor, scope: OperatorScope): Promise<GlobalInvoiceSettings> {
  assertWholeOrganisation(scope);
  // An organisation with no issuer yet would be swept monthly once it has one: the default.
  const issuer = await lockIssuer(db, scope.organisationId);
  return { periodicity: issuer?.global_periodicity ?? "monthly" };
}

export async function setGlobalInvoiceSettings(
  app: { db: Db },
  scope: OperatorScope,
  settings: GlobalInvoiceSettings,
): Promise<GlobalInvoiceSettings> {
  assertWholeOrganisation(scope);
  return app.db.transaction().execute(async (tx) => {
    const issuer = await lockIssuer(tx, scope.organisationId);
    if (!issuer) throw new AppError("object_not_found");
    if (issuer.global_periodicity !== settings.periodicity) {
      await updateIssuerPeriodicity(tx, scope.organisationId, settings.periodicity);
      await recordAudit(tx, scope, {
        action: "invoice.global_periodicity",
        subject: { type: "organisation", id: scope.organisationId },
        before: { global_periodicity: issuer.global_periodicity },
        after: { global_periodicity: settings.periodicity },
      });
    }
    return { periodicity: settings.periodicity };
  });
}
