import { type FormEvent, type ReactNode, useId } from "react";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { useConsoleFormat } from "../lib/format.ts";
import "./console-list.css";

/** What the shell reads of a TanStack query (a plain or an infinite one) to draw the list's state. */
export interface ListState {
  isPending: boolean;
  isError: boolean;
  /** "idle" while a pending query waits for its filters (a search not run yet): nothing is drawn. */
  fetchStatus: "fetching" | "paused" | "idle";
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/**
 * The console's list screens' one shell (docs/decisions/0239): an optional title, the filter bar,
 * then loading, the error with a retry, the empty sentence or the rows, and the keyset "Show more"
 * while the server hands over a next cursor. `framed` draws the rows on a card (tables); lists of
 * cards are not framed again.
 */
export function ConsoleList({
  title,
  label,
  filters,
  list,
  count,
  empty,
  framed = true,
  children,
}: {
  title?: string;
  /** The list's accessible name when it has no title. */
  label?: string;
  filters?: ReactNode;
  list: ListState;
  /** How many rows are shown (0 draws `empty`). */
  count: number;
  empty: string;
  framed?: boolean;
  children: ReactNode;
}) {
  const { t } = useConsoleFormat();
  const titleId = useId();
  if (list.isPending && list.fetchStatus === "idle") return filters ?? null;
  return (
    <>
      {filters}
      <section
        className={framed ? "card console-list" : "console-list"}
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        aria-live="polite"
        aria-busy={list.isPending || list.isFetchingNextPage}
      >
        {title && (
          <h2 id={titleId} className="section-title">
            {title}
          </h2>
        )}
        {list.isPending ? (
          <LoadingSection />
        ) : list.isError && count === 0 ? (
          <div className="console-list-failed" role="alert">
            <p>{t("list.failed")}</p>
            <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
              {t("list.retry")}
            </button>
          </div>
        ) : count === 0 ? (
          <p className="muted">{empty}</p>
        ) : (
          children
        )}
        {list.hasNextPage && (
          <button
            type="button"
            className="button button-secondary console-list-more"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage?.()}
          >
            {t("list.more")}
          </button>
        )}
      </section>
    </>
  );
}

/**
 * A list's filter bar: the fields, the search button, then the CSV export with what it holds said
 * under the bar (its description). The fields flow in columns as wide as the screen allows.
 */
export function ConsoleFilters({
  label,
  submitLabel,
  onSubmit,
  csv,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onSubmit: (form: FormData) => void;
  csv?: { label: string; hint: string; onExport: () => void };
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <form
      className="card console-filters"
      aria-label={label}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit(new FormData(event.currentTarget));
      }}
    >
      {children}
      <button type="submit" className="button button-primary">
        {submitLabel}
      </button>
      {csv && (
        <>
          {/* One line whatever the column's width (console-list.css). */}
          <button
            type="button"
            className="button button-secondary console-csv"
            onClick={csv.onExport}
            aria-describedby={hintId}
          >
            {csv.label}
          </button>
          <p id={hintId} className="muted console-filters-note">
            {csv.hint}
          </p>
        </>
      )}
    </form>
  );
}
