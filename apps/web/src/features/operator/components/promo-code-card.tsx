import type { AdminDiscount } from "@estaciona/contracts/schemas/subscriptions";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { pathTo } from "../../../config/paths.ts";
import { profileQuery } from "../api/operator.ts";
import { disableDiscount, salesLists } from "../api/sales.ts";
import { useConsoleMutation } from "../lib/console-mutation.ts";
import { useConsoleFormat } from "../lib/format.ts";
import { calendarDay } from "../lib/sales-forms.ts";
import { ChangeCode } from "./promo-code-forms.tsx";
import { StatusPill } from "./status-pill.tsx";

const STATUS_COLOUR: Record<AdminDiscount["status"], string> = {
  active: "active",
  scheduled: "pending",
  ended: "ended",
  used_up: "ended",
  disabled: "failed",
};

/** One promo code in the list: what it discounts, its uses, dates and status, and its change and end actions. */
export function CodeCard({ code }: { code: AdminDiscount }) {
  const { t, money } = useConsoleFormat();
  const profile = useQuery(profileQuery());
  const { i18n } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [ending, setEnding] = useState(false);
  const end = useConsoleMutation({
    mutationFn: () => disableDiscount(code.uuid),
    invalidates: [salesLists.discounts],
    onSuccess: () => setEnding(false),
    success: () => t("promos.ended", { code: code.code }),
  });
  const day = (date: string) => calendarDay(date, i18n.language);
  const off =
    code.kind === "percent"
      ? t("promos.off_percent", { value: code.value })
      : t("promos.off_amount", { amount: money(code.value, code.currency ?? "mxn") });
  const periods = code.periods === null ? t("promos.every_period") : t("promos.periods", { count: code.periods });
  const dates =
    code.starts_on && code.ends_on
      ? t("promos.valid_between", { from: day(code.starts_on), to: day(code.ends_on) })
      : code.starts_on
        ? t("promos.valid_from", { from: day(code.starts_on) })
        : code.ends_on
          ? t("promos.valid_until", { to: day(code.ends_on) })
          : t("promos.valid_always");
  const usable = code.status !== "disabled";
  return (
    <li className="card" data-testid="promo-card">
      <div className="console-row-actions">
        <strong className="console-code">{code.code}</strong>
        <StatusPill status={STATUS_COLOUR[code.status]} label={t(`promos.status.${code.status}`)} />
      </div>
      <span>
        {off} · {periods}
      </span>
      <span className="muted">
        {code.plan
          ? t("promos.on_plan", { plan: code.plan.name, location: code.plan.location_name })
          : t("promos.every_plan", { organisation: profile.data?.organisation.name ?? "" })}
      </span>
      <span>
        {code.max_redemptions === null
          ? t("promos.uses_unlimited", { used: code.redemptions })
          : t("promos.uses", { used: code.redemptions, max: code.max_redemptions })}
      </span>
      <span className="muted">{dates}</span>
      {usable && (
        <div className="console-row-actions">
          <button type="button" className="button button-secondary" onClick={() => setChanging(true)}>
            {t("promos.change")}
          </button>
          <button type="button" className="button button-ghost-danger" onClick={() => setEnding(true)}>
            {t("promos.end")}
          </button>
          <Link className="button button-secondary" to={pathTo("promo", { code: code.code })}>
            {t("promos.promo_page")}
            <span className="visually-hidden">: {code.code}</span>
          </Link>
        </div>
      )}
      <FormDialog
        open={changing}
        title={t("promos.change_title", { code: code.code })}
        description={t("promos.change_note")}
        onClose={() => setChanging(false)}
      >
        {changing && <ChangeCode code={code} onDone={() => setChanging(false)} />}
      </FormDialog>
      <ConfirmDialog
        open={ending}
        title={t("promos.end_title", { code: code.code })}
        message={t("promos.end_message")}
        confirmLabel={t("promos.end")}
        busy={end.isPending}
        onConfirm={() => end.mutate()}
        onClose={() => setEnding(false)}
      />
    </li>
  );
}
