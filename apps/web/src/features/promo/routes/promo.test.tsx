import { subscriptions as en } from "@estaciona/i18n/locales/en/subscriptions";
import { subscriptions as es } from "@estaciona/i18n/locales/es/subscriptions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { registerParkingCatalogues } from "../../../components/parking/testing/fixtures.tsx";
import { errorDialogStore } from "../../../lib/error-dialog.ts";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { setNavigator } from "../../../lib/navigation.ts";
import { fakeApi } from "../../payments/testing/api-fake.tsx";
import PromoScreen from "./promo.tsx";

vi.mock("../../../lib/catalogues/parking.ts", () => ({}));
vi.mock("../../../lib/catalogues/subscriptions.ts", () => ({}));
vi.mock("../../payments/catalogue.ts", () => ({}));
beforeAll(() => {
  registerParkingCatalogues();
  registerNamespaces("subscriptions", { en, es });
});
afterEach(() => {
  vi.unstubAllGlobals();
  errorDialogStore.set(null);
});

const renderPromo = (code: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/promo/${code}`]}>
        <Routes>
          <Route path="/promo/:code" element={<PromoScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const unavailable = (reason: string) => ({
  status: 422,
  body: { error: "discount_not_available", error_description: "server words", reason },
});

describe("/promo/{code} for a code that cannot be used (docs/decisions/0251)", () => {
  it.each([
    ["used", "You have already used this code: each driver can use it once."],
    ["withdrawn", "The operator has withdrawn this code."],
    ["spent", "This code has been used as many times as it allowed."],
    ["expired", "This code has expired."],
    ["not_started", "This code is not valid yet: it starts on a later day."],
  ])("says why (%s) and leads to the passes for sale, without the error dialog", async (reason, words) => {
    fakeApi({ "GET user/discount/verano": unavailable(reason) });
    renderPromo("verano");
    expect(await screen.findByRole("heading", { name: "Code VERANO can't be used" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(words);
    expect(screen.getByRole("link", { name: "See the subscriptions for sale" })).toHaveAttribute("href", "/pensiones");
    expect(errorDialogStore.get()).toBeNull();
  });

  it("falls back to the server's words for a reason it does not know", async () => {
    fakeApi({ "GET user/discount/verano": unavailable("something_new") });
    renderPromo("verano");
    expect(await screen.findByRole("alert")).toHaveTextContent("This promo code is not available.");
  });

  it("keeps an unknown code the spec's 404: /notfound", async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    fakeApi({
      "GET user/discount/nadie": { status: 404, body: { error: "discount_not_found", error_description: "x" } },
    });
    renderPromo("nadie");
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/notfound", undefined));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
