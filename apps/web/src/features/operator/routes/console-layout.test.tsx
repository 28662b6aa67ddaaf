import { operator as en } from "@estaciona/i18n/locales/en/operator";
import { operator as es } from "@estaciona/i18n/locales/es/operator";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../components/parking/testing/fixtures.tsx";
import { registerNamespaces } from "../../../lib/i18n.ts";
import ConsoleLayout from "./console-layout.tsx";

vi.mock("../lib/catalogue.ts", () => ({}));
vi.mock("../components/console-nav.tsx", () => ({ ConsoleNav: () => null }));
beforeAll(() => registerNamespaces("operator", { en, es }));
afterEach(() => vi.unstubAllGlobals());

/** A console screen showing how many places of a plan are sold, as the server answers now. */
let sold = 0;
const soldQuery = { queryKey: ["/admin/plans"], queryFn: async () => sold };
function Plans() {
  const plans = useQuery(soldQuery);
  return (
    <>
      <p>{plans.data === undefined ? "…" : `${plans.data} sold`}</p>
      <Link to="/operador/codigos">Codes</Link>
    </>
  );
}

describe("The console's frame", () => {
  it("reads a screen's figures again when it is opened, though the app keeps answers 30 s", async () => {
    mockApi({
      "GET admin/me": () => ({
        body: {
          data: {
            user_uuid: "u",
            name: "Ana",
            organisation: { uuid: "o", name: "Estaciona Demo" },
            platform: false,
            location_uuids: null,
          },
        },
      }),
    });
    // The app's own defaults: an answer is fresh for 30 s.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/operador/pensiones"]}>
          <Routes>
            <Route element={<ConsoleLayout />}>
              <Route path="/operador/pensiones" element={<Plans />} />
              <Route path="/operador/codigos" element={<Link to="/operador/pensiones">Plans</Link>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("0 sold")).toBeInTheDocument();

    // A driver buys a place while the operator looks at another section, then comes back within 30 s.
    sold = 1;
    await userEvent.click(screen.getByRole("link", { name: "Codes" }));
    await userEvent.click(await screen.findByRole("link", { name: "Plans" }));
    expect(await screen.findByText("1 sold")).toBeInTheDocument();
  });
});
