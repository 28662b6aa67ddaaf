import { operator as en } from "@estaciona/i18n/locales/en/operator";
import { operator as es } from "@estaciona/i18n/locales/es/operator";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { ConsoleFilters, ConsoleList, type ListState } from "./console-list.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
beforeAll(() => registerNamespaces("operator", { en, es }));

const settled: ListState = { isPending: false, isError: false, fetchStatus: "idle", refetch: () => {} };
const rows = <p>Row 1</p>;

describe("ConsoleList", () => {
  it("shows the rows under its title and asks for the next page while there is one", async () => {
    const fetchNextPage = vi.fn();
    render(
      <ConsoleList title="Audit" list={{ ...settled, hasNextPage: true, fetchNextPage }} count={1} empty="Nothing">
        {rows}
      </ConsoleList>,
    );
    const list = screen.getByRole("region", { name: "Audit" });
    expect(list).toHaveTextContent("Row 1");
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it("says the list is empty in the screen's words, with no more button", () => {
    render(
      <ConsoleList label="Codes" list={settled} count={0} empty="No promo codes yet.">
        {rows}
      </ConsoleList>,
    );
    expect(screen.getByRole("region", { name: "Codes" })).toHaveTextContent("No promo codes yet.");
    expect(screen.queryByText("Row 1")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("says when the list could not be read and reads it again on request", async () => {
    const refetch = vi.fn();
    render(
      <ConsoleList list={{ ...settled, isError: true, refetch }} count={0} empty="Nothing">
        {rows}
      </ConsoleList>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("This list could not be read.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("while a search waits for its words shows only the filter bar", () => {
    render(
      <ConsoleList
        filters={<p>Filters</p>}
        list={{ ...settled, isPending: true, fetchStatus: "idle" }}
        count={0}
        empty="Nothing"
      >
        {rows}
      </ConsoleList>,
    );
    expect(screen.getByText("Filters")).toBeInTheDocument();
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });
});

describe("ConsoleFilters", () => {
  it("hands the fields over on search and describes the CSV export by what it holds", async () => {
    const searched: FormData[] = [];
    const onSubmit = (form: FormData) => searched.push(form);
    const onExport = vi.fn();
    render(
      <ConsoleFilters
        label="Search payments"
        submitLabel="Search"
        onSubmit={onSubmit}
        csv={{ label: "Export CSV", hint: "The charges of the dates chosen.", onExport }}
      >
        <label>
          Plate
          <input name="plate" />
        </label>
      </ConsoleFilters>,
    );
    await userEvent.type(screen.getByLabelText("Plate"), "ABC123");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(searched[0]?.get("plate")).toBe("ABC123");
    const csv = screen.getByRole("button", { name: "Export CSV" });
    expect(csv).toHaveAccessibleDescription("The charges of the dates chosen.");
    expect(csv).toHaveClass("console-csv");
    await userEvent.click(csv);
    expect(onExport).toHaveBeenCalledOnce();
  });
});
