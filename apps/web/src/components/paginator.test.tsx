import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Paginator, pageCount, pageRows, pageWindow } from "./paginator.tsx";

describe("paginator helpers (docs/product/constants.md: 5 rows, 5 page links)", () => {
  it("counts pages of 5 rows", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(6)).toBe(2);
    expect(pageCount(23)).toBe(5);
  });

  it("slices the rows of a page", () => {
    const rows = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(pageRows(rows, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRows(rows, 3)).toEqual([11, 12]);
  });

  it("shows at most 5 page links around the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe("Paginator", () => {
  it("renders nothing when everything fits on one page", () => {
    const { container } = render(<Paginator totalRows={5} page={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("marks the current page and changes page", async () => {
    const onPageChange = vi.fn();
    render(<Paginator totalRows={40} page={4} onPageChange={onPageChange} />);
    const navigation = screen.getByRole("navigation", { name: "Pages" });
    expect(navigation).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Page 4" })).toHaveAttribute("aria-current", "page");
    expect(screen.getAllByRole("button", { name: /^Page \d+$/ })).toHaveLength(5);
    await userEvent.click(screen.getByRole("button", { name: "Page 6" }));
    expect(onPageChange).toHaveBeenCalledWith(6);
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(onPageChange).toHaveBeenCalledWith(5);
  });

  it("disables previous on the first page", () => {
    render(<Paginator totalRows={12} page={1} onPageChange={() => {}} />);
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
  });
});
