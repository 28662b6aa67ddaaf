import { PAGINATOR_PAGE_LINKS, PAGINATOR_ROWS } from "@estaciona/contracts";
import { useTranslation } from "react-i18next";
import "./paginator.css";

export const pageCount = (totalRows: number, rowsPerPage = PAGINATOR_ROWS): number =>
  Math.max(1, Math.ceil(totalRows / rowsPerPage));

/** The rows of one page (pages count from 1). */
export function pageRows<T>(rows: readonly T[], page: number, rowsPerPage = PAGINATOR_ROWS): T[] {
  const start = (page - 1) * rowsPerPage;
  return rows.slice(start, start + rowsPerPage);
}

/** At most `links` page numbers around the current page, shifted to stay inside 1..pages. */
export function pageWindow(page: number, pages: number, links = PAGINATOR_PAGE_LINKS): number[] {
  const size = Math.min(links, pages);
  let first = Math.max(1, page - Math.floor(size / 2));
  if (first + size - 1 > pages) first = pages - size + 1;
  return Array.from({ length: size }, (_, index) => first + index);
}

/** docs/product/constants.md paginator: 5 rows per page, 5 page links. Hidden when everything fits on one page. */
export function Paginator({
  totalRows,
  page,
  onPageChange,
  rowsPerPage = PAGINATOR_ROWS,
  pageLinks = PAGINATOR_PAGE_LINKS,
}: {
  totalRows: number;
  page: number;
  onPageChange: (page: number) => void;
  rowsPerPage?: number;
  pageLinks?: number;
}) {
  const { t } = useTranslation();
  const pages = pageCount(totalRows, rowsPerPage);
  if (pages <= 1) return null;
  return (
    <nav className="paginator" aria-label={t("paginator.label")}>
      <button
        type="button"
        className="paginator-link"
        aria-label={t("paginator.previous")}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        ‹
      </button>
      {pageWindow(page, pages, pageLinks).map((number) => (
        <button
          key={number}
          type="button"
          className="paginator-link"
          aria-label={t("paginator.page", { page: number })}
          aria-current={number === page ? "page" : undefined}
          onClick={() => onPageChange(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className="paginator-link"
        aria-label={t("paginator.next")}
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
