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

  it("shows a US host its own questions: the $1 card check, never the 10 MXN one", async () => {
    setHostConfigForTesting({
      ...defaultHostConfig("us.localhost"),
      country: "us",
      theme: "estaciona",
      contact: { email: "help@us.estaciona.localhost", phone: "+15125550123" },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ data: { items: [], total: 0 } })),
    );
    renderScreen();
    expect(await screen.findByText(/\$1\.00/)).toBeInTheDocument();
    expect(screen.queryByText(/10 MXN/)).toBeNull();
    expect(document.querySelector('a[href="tel:+15125550123"]')).not.toBeNull();
    expect(document.querySelector('a[href^="tel:+52"]')).toBeNull();
  });

  it("shows the questions the host's operator wrote instead of the theme's", async () => {
    setHostConfigForTesting({
      ...defaultHostConfig("localhost"),
      faq: {
        es: [{ question: "¿Dónde está la caseta?", answer: "En la entrada norte." }],
        en: [{ question: "Where is the booth?", answer: "At the north entrance." }],
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ data: { items: [], total: 0 } })),
    );
    renderScreen();
    expect(await screen.findByText(/¿Dónde está la caseta\?|Where is the booth\?/)).toBeInTheDocument();
    expect(screen.queryByText(/10 MXN/)).toBeNull();
  });
});

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/contacto"]}>
        <ContactScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
