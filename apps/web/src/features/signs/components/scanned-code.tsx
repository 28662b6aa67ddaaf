import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { signCheckQuery } from "../api/signs.ts";
import { type ScanOutcome, scanOutcome } from "../lib/scanned-sign.ts";
import "../catalogue.ts";

/**
 * What became of a code the scanner read: the API checks it, and only a verified sign of ours opens
 * (in the app on this host, else on its own host); anything else is said plainly and opened nowhere.
 */
export function ScannedCode({ text, onOpened }: { text: string; onOpened: () => void }) {
  const { t } = useTranslation("signs");
  const navigate = useNavigate();
  const check = useQuery(signCheckQuery(text));
  const outcome = check.data ? scanOutcome(text, check.data, window.location.origin) : null;
  const target = outcome?.kind === "open" ? outcome.target : null;
  const openPath = target && "path" in target ? target.path : null;
  const openHref = target && "href" in target ? target.href : null;

  useEffect(() => {
    if (openPath) {
      navigate(openPath);
      onOpened();
    } else if (openHref) window.location.assign(openHref);
  }, [openPath, openHref, navigate, onOpened]);

  if (check.isError)
    return (
      <p className="notice notice-warning" role="alert">
        {t("result_unavailable")}
      </p>
    );
  if (!outcome)
    return (
      <p className="muted" role="status">
        {t("result_checking")}
      </p>
    );
  return <OutcomeMessage outcome={outcome} />;
}

function OutcomeMessage({ outcome }: { outcome: ScanOutcome }) {
  const { t } = useTranslation("signs");
  if (outcome.kind === "open")
    return (
      <p className="badge badge-success sign-verified" role="status">
        {t("result_verified", { operator: outcome.operator, place: outcome.place })}
      </p>
    );
  const [title, detail] =
    outcome.kind === "forged"
      ? [t("result_forged_title"), t("result_forged")]
      : outcome.kind === "unsigned"
        ? [t("result_unsigned_title"), t("result_unsigned")]
        : [
            t("result_foreign_title"),
            outcome.where ? t("result_foreign", { where: outcome.where }) : t("result_foreign_text"),
          ];
  return (
    <div className="notice notice-warning sign-warning" role="alert">
      <p className="sign-warning-title">{title}</p>
      <p>{detail}</p>
    </div>
  );
}
