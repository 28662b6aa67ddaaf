import { BALANCE_SOURCE } from "@estaciona/contracts/balance";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BalanceChoice, type HeldBalance, useBalanceChoice } from "./balance-choice.tsx";
import { registerParkingCatalogues, visaCard } from "./testing/fixtures.tsx";

vi.mock("../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../lib/catalogues/home.ts", () => ({}));
beforeAll(registerParkingCatalogues);

const held = (amount: number, currency: HeldBalance["currency"] = "mxn"): HeldBalance => ({ amount, currency });

/** A pay panel's choice, as the stay and valet panels draw it. */
function Panel({ balances, withCard }: { balances: HeldBalance[]; withCard: boolean }) {
  const { balance, payWithBalance, selected, choose } = useBalanceChoice({
    balances,
    currency: "mxn",
    cards: withCard ? [visaCard] : [],
    chosenCard: null,
  });
  return (
    <>
      {balance && (
        <BalanceChoice
          balance={balance}
          name="pay-balance"
          checked={payWithBalance}
          disabled={false}
          onChange={choose}
        />
      )}
      <p>pays with: {selected ?? "nothing"}</p>
    </>
  );
}

describe("BalanceChoice", () => {
  it("offers the operator's balance beside the default card, which pays until the driver ticks it", async () => {
    render(<Panel balances={[held(5000)]} withCard />);
    const balance = screen.getByRole("checkbox", { name: "Balance ($50.00 MXN available)" });
    expect(balance).not.toBeChecked();
    expect(screen.getByText(`pays with: ${visaCard.uuid}`)).toBeInTheDocument();
    await userEvent.click(balance);
    expect(balance).toBeChecked();
    expect(screen.getByText(`pays with: ${BALANCE_SOURCE}`)).toBeInTheDocument();
  });

  it("pays with the balance when the driver holds no card", () => {
    render(<Panel balances={[held(5000)]} withCard={false} />);
    expect(screen.getByRole("checkbox", { name: /Balance/ })).toBeChecked();
    expect(screen.getByText(`pays with: ${BALANCE_SOURCE}`)).toBeInTheDocument();
  });

  it("is not offered for an empty balance or one in another currency", () => {
    render(<Panel balances={[held(0), held(2000, "usd")]} withCard={false} />);
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getByText("pays with: nothing")).toBeInTheDocument();
  });
});
