import type { VerifiedReceipt } from "@estaciona/contracts/schemas/verification";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { checkPlate, verifyReceiptQuery } from "../api/verification.ts";
import "../lib/catalogue.ts";
import "../../../lib/catalogues/parking.ts";

/**
 * /verificar/{token} (alias /verify/{token}): a receipt's public check from its QR, no sign-in,
 * not indexed (the server's `X-Robots-Tag` and this page's meta robots). Genuine or not, and what
 * it covers: place, times on the lot's clock, amount, operator; the plate only as a match against
 * one the reader types. Never the driver's name, phone or card (docs/decisions/0200).
 */
export default function VerifyScreen() {
  const { token = "" } = useParams();
  const { t } = useTranslation("verification");
  const check = useQuery(verifyReceiptQuery(token));
  const failure = check.error instanceof ApiError ? check.error : null;
  return (
    <Page title={t("title")}>
      <meta name="robots" content="noindex, nofollow" />
      <p className="muted">{t("intro")}</p>
      {check.isPending ? (
        <LoadingSection />
      ) : check.data ? (
        <Genuine receipt={check.data} token={token} />
      ) : (
        <section className="card" role="alert" aria-labelledby="verify-refused">
          <h2 id="verify-refused">
            {failure?.code === "invalid_code"
              ? t("expired")
              : failure?.status === 429
                ? t("unavailable")
                : t("not_genuine")}
          </h2>
          {failure?.code === "invalid_code" ? (
            <p>{t("expired_detail")}</p>
          ) : failure?.status === 429 ? null : (
            <p>{t("not_genuine_detail")}</p>
          )}
        </section>
      )}
    </Page>
  );
}

function Genuine({ receipt, token }: { receipt: VerifiedReceipt; token: string }) {
  const { t } = useTranslation("verification");
  const { money, dateTime } = useParkingFormat();
  const zone = receipt.location.time_zone;
  const rows: [string, string][] = [
    [t("place"), `${receipt.location.name}, ${receipt.location.address}`],
    [t("operator"), receipt.operator],
    [t("paid_from"), dateTime(receipt.starts_at, zone)],
    [t("paid_to"), dateTime(receipt.ends_at, zone)],
    [t("paid_at"), dateTime(receipt.paid_at, zone)],
    [t("amount"), money(receipt.total, receipt.currency)],
    [t("checkable_until"), dateTime(receipt.expires_at, zone)],
  ];
  return (
    <>
      <section className="card verify-result" aria-labelledby="verify-genuine" data-testid="verify-result">
        <h2 id="verify-genuine">{t("genuine")}</h2>
        <p>{t("genuine_detail", { operator: receipt.operator, number: receipt.number })}</p>
        <p>{receipt.title}</p>
        {receipt.status === "refunded" && <p role="alert">{t("refunded")}</p>}
        <h3>{t("what")}</h3>
        <dl className="detail-list">
          {rows.map(([label, value]) => (
            <div key={label} className="detail-list-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">{t("times_on_clock", { zone })}</p>
      </section>
      {receipt.has_plate ? <PlateCheck token={token} /> : <p className="muted">{t("no_plate")}</p>}
    </>
  );
}

function PlateCheck({ token }: { token: string }) {
  const { t } = useTranslation("verification");
  const id = useId();
  const [plate, setPlate] = useState("");
  const compare = useMutation({
    mutationFn: (typed: string) => checkPlate(token, typed).then((r) => ({ ...r, typed })),
  });
  const failure = compare.error instanceof ApiError ? compare.error : null;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("plate_title")}</h2>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (plate.trim()) compare.mutate(plate.trim().toUpperCase());
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {t("plate_label")}
          </label>
          <input
            id={id}
            className="input"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={15}
            aria-describedby={`${id}-hint`}
            value={plate}
            onChange={(event) => setPlate(event.target.value)}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {t("plate_hint")}
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={compare.isPending}>
          {t("plate_check")}
        </button>
      </form>
      <div aria-live="polite">
        {compare.data && (
          <p className={compare.data.matches ? "verify-match" : "verify-mismatch"} data-testid="plate-result">
            {t(compare.data.matches ? "plate_matches" : "plate_differs", { plate: compare.data.typed })}
          </p>
        )}
        {failure && (
          <p role="alert">{failure.status === 429 ? t("unavailable") : (failure.description ?? t("not_genuine"))}</p>
        )}
      </div>
    </section>
  );
}
