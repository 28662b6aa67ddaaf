import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { sessionStore } from "../../../lib/session.ts";
import {
  driver,
  fakeApi,
  ok,
  registerPaymentsCatalogue,
  renderWith,
  sandboxConfig,
} from "../../payments/testing/api-fake.tsx";
import PaymentStep from "./payment-step.tsx";

vi.mock("../../payments/catalogue.ts", () => ({}));
beforeAll(registerPaymentsCatalogue);
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const cardFormApi = (form: "conekta" | "nmi" = "conekta") =>
  fakeApi({
    "GET user/payment/config": ok(sandboxConfig(form, form === "nmi" ? "us" : "mx")),
    "GET user/conekta/token": ok("checkout-1"),
  });

const frameProvider = () => new URL(document.querySelector("iframe")?.src ?? "http://x/").searchParams.get("provider");

describe("wizard step 5 with the card forms (docs/product/screens-and-routes.md, docs/product/entities-and-states.md and docs/product/validation.md)", () => {
  it("renders the card form where the wizard mounts it: under the router only, outside the app shell's query client", async () => {
    cardFormApi();
    render(
      <MemoryRouter initialEntries={["/"]}>
        <PaymentStep user={driver()} paymentLocale="mx" canSkip={false} onDone={() => {}} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(frameProvider()).toBe("conekta"));
  });

  it("asks for the missing e-mail first, with invalid_email, then shows the card form", async () => {
    const user = driver({ email: null });
    fakeApi({
      "PUT user/edit": (call) => ok({ ...user, ...(call.body as object) }),
      "GET user/payment/config": ok(sandboxConfig("conekta")),
      "GET user/conekta/token": ok("checkout-1"),
    });
    sessionStore.set({ restoring: false, authenticated: true, user });
    const { rerender } = render(
      renderWith(<PaymentStep user={user} paymentLocale="mx" canSkip={false} onDone={() => {}} />, { path: "/" }),
    );
    expect(screen.getByLabelText("E-mail")).toBeInTheDocument();
    expect(document.querySelector("iframe")).toBeNull();

    await userEvent.type(screen.getByLabelText("E-mail"), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: i18n.t("payments:profile.save") }));
    expect(await screen.findByText(i18n.t("errors:api_invalid_email"))).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("E-mail"));
    await userEvent.type(screen.getByLabelText("E-mail"), "ana@example.com");
    await userEvent.click(screen.getByRole("button", { name: i18n.t("payments:profile.save") }));
    // The wizard passes the session's user down; the saved profile brings the card form in.
    await waitFor(() => expect(sessionStore.get().user?.email).toBe("ana@example.com"));
    const saved = sessionStore.get().user ?? user;
    rerender(
      renderWith(<PaymentStep user={saved} paymentLocale="mx" canSkip={false} onDone={() => {}} />, { path: "/" }),
    );
    await waitFor(() => expect(frameProvider()).toBe("conekta"));
  });

  it("uses the USA form when the payment locale is us, the Mexican one otherwise", async () => {
    const api = cardFormApi("nmi");
    const user = driver();
    const first = render(
      renderWith(<PaymentStep user={user} paymentLocale="us" canSkip onDone={() => {}} />, { path: "/" }),
    );
    expect(await screen.findByLabelText("ZIP code")).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.path === "user/payment/config")).toBe(true));
    first.unmount();

    cardFormApi();
    render(renderWith(<PaymentStep user={user} paymentLocale="mx" canSkip onDone={() => {}} />, { path: "/" }));
    await waitFor(() => expect(frameProvider()).toBe("conekta"));
    expect(screen.queryByLabelText("ZIP code")).toBeNull();
  });

  it("offers add later only where the theme allows it", async () => {
    cardFormApi();
    const user = driver();
    const onDone = vi.fn();
    const first = render(renderWith(<PaymentStep user={user} paymentLocale="mx" canSkip onDone={onDone} />));
    await userEvent.click(screen.getByRole("button", { name: i18n.t("auth:payment_step.add_later") }));
    expect(onDone).toHaveBeenCalled();
    first.unmount();
    render(renderWith(<PaymentStep user={user} paymentLocale="mx" canSkip={false} onDone={onDone} />));
    expect(screen.queryByRole("button", { name: i18n.t("auth:payment_step.add_later") })).toBeNull();
  });

  it("says why, first, when the bank refused the card just tried at 3-D Secure (docs/decisions/0252)", async () => {
    cardFormApi();
    render(
      <MemoryRouter initialEntries={["/"]}>
        <PaymentStep
          user={driver()}
          paymentLocale="mx"
          canSkip={false}
          refusal="The payment could not be completed."
          onDone={() => {}}
        />
      </MemoryRouter>,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(i18n.t("auth:payment_step.card_refused"));
    expect(alert).toHaveTextContent("The payment could not be completed.");
    await waitFor(() => expect(frameProvider()).toBe("conekta"));
  });
});
