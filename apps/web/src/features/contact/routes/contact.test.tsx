import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultHostConfig, setHostConfigForTesting } from "../../../lib/host-config.ts";

// The screen's catalogues register themselves when imported, which needs i18next set up first.
let ContactScreen: typeof import("./contact.tsx").default;
beforeAll(async () => {
  ContactScreen = (await import("./contact.tsx")).default;
});
afterEach(() => vi.unstubAllGlobals());

describe("/contacto: the operator's details", () => {
  it("writes the operator's phone as people read it, and dials it as stored", async () => {
    setHostConfigForTesting({
      ...defaultHostConfig("localhost"),
      contact: { email: "ayuda@estaciona.localhost", phone: "+528112345678" },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ data: { items: [], total: 0 } })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={["/contacto"]}>
          <ContactScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const phone = await screen.findByRole("link", { name: "+52 81 1234 5678" });
    expect(phone).toHaveAttribute("href", "tel:+528112345678");
  });
});
