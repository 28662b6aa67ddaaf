import { ZONE_CODE_MAX_LENGTH } from "@estaciona/contracts/schemas/meters";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { findZoneByCode } from "../api/meters.ts";

/** The number on the sign: straight to the zone's page. */
export function FindZoneByCode() {
  const { t } = useTranslation("meters");
  const navigate = useNavigate();
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    setBusy(true);
    setError(null);
    try {
      const zone = await findZoneByCode(typed);
      navigate(pathTo("meter", { uuid: zone.uuid }));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(
        failure.status === 404
          ? t("code_not_found", { code: typed })
          : (failure.description ?? t("code_not_found", { code: typed })),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("find_title")}</h2>
      <form className="meter-code-form" onSubmit={(event) => void submit(event)}>
        <label className="field-label" htmlFor={`${id}-code`}>
          {t("code_label")}
        </label>
        <div className="meter-code-row">
          <input
            id={`${id}-code`}
            className="input"
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={ZONE_CODE_MAX_LENGTH}
            value={code}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy || code.trim() === ""}>
            {t("code_submit")}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
