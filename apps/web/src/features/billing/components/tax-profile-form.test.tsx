import { billing as enBilling } from "@estaciona/i18n/locales/en/billing";
import { billing as esBilling } from "@estaciona/i18n/locales/es/billing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { TaxProfileForm } from "./tax-profile-form.tsx";

vi.mock("../../../lib/catalogues/billing.ts", () => ({}));
beforeAll(() => registerNamespaces("billing", { en: enBilling, es: esBilling }));

const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole("option")
    .map((option) => (option as HTMLOptionElement).value)
    .filter(Boolean);

describe("TaxProfileForm", () => {
  it("offers the regimes of the RFC's person type and the CFDI uses of the chosen regime", async () => {
    const user = userEvent.setup();
    render(<TaxProfileForm defaultEmail="ana@example.com" busy={false} onSubmit={() => {}} />);
    expect(screen.getByLabelText("Tax regime")).toBeDisabled();
    expect(screen.getByRole("option", { name: "Enter the RFC first" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("RFC"), "acm010101ab1");
    expect(options("Tax regime")).toContain("601");
    expect(options("Tax regime")).not.toContain("605");
    await user.selectOptions(screen.getByLabelText("Tax regime"), "601");
    expect(options("CFDI use")).toContain("G03");
    expect(options("CFDI use")).not.toContain("D01");
    expect(options("CFDI use")).not.toContain("CP01");

    await user.clear(screen.getByLabelText("RFC"));
    await user.type(screen.getByLabelText("RFC"), "PEPA800101AB1");
    expect(options("Tax regime")).toContain("605");
    expect(options("Tax regime")).not.toContain("601");
  });

  it("puts each field's own message under it and submits the SAT's spelling", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TaxProfileForm defaultEmail="ana@example.com" busy={false} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("RFC"), "PEPA801301AB1");
    await user.type(screen.getByLabelText("Tax postal code"), "640");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Enter a valid RFC (12 or 13 characters as the SAT issues it)."),
    ).toBeInTheDocument();
    expect(screen.getByText("Enter the 5-digit tax postal code.")).toBeInTheDocument();
    expect(screen.getByLabelText("RFC")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("RFC"));
    await user.type(screen.getByLabelText("RFC"), "pepa800101ab1");
    await user.type(screen.getByLabelText("Name or company name"), "Ana Pérez");
    await user.selectOptions(screen.getByLabelText("Tax regime"), "612");
    await user.selectOptions(screen.getByLabelText("CFDI use"), "G03");
    await user.clear(screen.getByLabelText("Tax postal code"));
    await user.type(screen.getByLabelText("Tax postal code"), "64000");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      rfc: "PEPA800101AB1",
      legal_name: "ANA PÉREZ",
      tax_regime: "612",
      cfdi_use: "G03",
      postal_code: "64000",
      email: "ana@example.com",
    });
  });
});
