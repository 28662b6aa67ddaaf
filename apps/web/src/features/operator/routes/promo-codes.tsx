import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { Page } from "../../../components/page.tsx";
import { discountsQuery } from "../api/sales.ts";
import { ConsoleList } from "../components/console-list.tsx";
import { CodeCard } from "../components/promo-code-card.tsx";
import { NewCode } from "../components/promo-code-forms.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/**
 * /operador/codigos: the organisation's promo codes with their uses, limits, dates and status;
 * create one for a plan (the platform role also for every plan), change its dates and uses, end it.
 */
export default function PromoCodesScreen() {
  const { t } = useConsoleFormat();
  const [creating, setCreating] = useState(false);
  const codes = useInfiniteQuery(discountsQuery());
  const items = codes.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page
      title={t("promos.title")}
      actions={
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t("promos.new_title")}
        </button>
      }
    >
      <FormDialog open={creating} title={t("promos.new_title")} onClose={() => setCreating(false)}>
        {creating && <NewCode onDone={() => setCreating(false)} />}
      </FormDialog>
      <ConsoleList label={t("promos.list")} list={codes} count={items.length} empty={t("promos.none")} framed={false}>
        <ul className="console-grid card-list">
          {items.map((code) => (
            <CodeCard key={code.uuid} code={code} />
          ))}
        </ul>
      </ConsoleList>
    </Page>
  );
}
