import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { pathTo } from "../../../config/paths.ts";
import { signCheckQuery } from "../api/signs.ts";
import "../catalogue.ts";
import "../signs.css";

/**
 * The landing's line for a signed sign (`/loc/{uuid}?s=…`, docs/decisions/0287, 0311): "Verified:
 * <operator>" when the signature is the place's organisation's, a plain warning when it is not. The
 * address checked is this host's own landing for the place, so the badge says what the sticker
 * said. Without a signature (the spec's plain `/loc/{uuid}`) nothing is shown, as before.
 */
export function SignBadge({ uuid, signature }: { uuid: string; signature: string }) {
  const { t } = useTranslation("signs");
  const check = useQuery(signCheckQuery(`${window.location.origin}${pathTo("location", { uuid }, { s: signature })}`));
  const answer = check.data;
  if (check.isPending)
    return (
      <p className="muted sign-check" role="status">
        {t("checking")}
      </p>
    );
  if (answer?.status === "verified" && answer.operator)
    return (
      <div className="sign-check" role="status">
        <p className="badge sign-verified">
          <svg
            width={18}
            height={18}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={3}
            aria-hidden="true"
            focusable="false"
          >
            <path d="m5 12 5 5 9-10" />
          </svg>
          {t("verified", { operator: answer.operator })}
        </p>
        {answer.place && (
          <p className="muted">{t("verified_detail", { operator: answer.operator, place: answer.place })}</p>
        )}
      </div>
    );
  if (answer?.status === "forged")
    return (
      <div className="notice notice-warning sign-warning sign-check" role="alert">
        <p className="sign-warning-title">{t("forged_title")}</p>
        <p>{t("forged_detail")}</p>
      </div>
    );
  // Unsigned, or the check could not be made: the landing stays the spec's, with no claim either way.
  return null;
}
