import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { sessionStore } from "../../../lib/session.ts";
import {
  driver,
  fakeApi,
  ok,
  postFromFrame,
  registerPaymentsCatalogue,
  renderWith,
  sandboxConfig,
} from "../testing/api-fake.tsx";
import UsCardForm from "./us-card-form.tsx";

vi.mock("../catalogue.ts", () => ({}));
beforeAll(registerPaymentsCatalogue);
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set({ restoring: false, authenticated: false, user: null });
});

const savedUsCard = {
  payment_method: {
    uuid: "b3c1d1e0-0000-4000-8000-000000000002",
    card_number: "•••• 1111",
    expiration: "10/30",
    is_default: true,
    brand: "visa",
    country: "us",
    free_flow: false,
    holder_name: "Ann Lee",
  },
  verification: { payment: "p2", status: "succeeded", redirect_url: null },
};

const usApi = () =>
  fakeApi({
    "GET user/payment/config": ok(sandboxConfig("nmi", "us")),
    "POST user/nmi/payment/method": ok(savedUsCard, 201),
    "GET user/view": ok(driver({ payment_methods_us: true })),
  });

const addCard = () => screen.getByRole("button", { name: i18n.t("payments:add_card") });
const frame = () => document.querySelector("iframe") as HTMLIFrameElement;

async function renderReadyForm(onSaved = vi.fn()) {
  render(renderWith(<UsCardForm onSaved={onSaved} />));
  await waitFor(() => expect(document.querySelector("iframe")).not.toBeNull());
  act(() => postFromFrame(frame(), { type: "sandbox:ready", provider: "nmi" }));
  return onSaved;
}

async function fillHolder() {
  await userEvent.type(screen.getByLabelText("First name"), "Ann");
  await userEvent.type(screen.getByLabelText("Last name"), "Lee");
  await userEvent.type(screen.getByLabelText("ZIP code"), "78701");
}

describe("USA card form (docs/product/entities-and-states.md, docs/product/validation.md and docs/product/calls-and-errors.md)", () => {
  it("keeps card fields out of our DOM: only names and ZIP code are inputs here", async () => {
    usApi();
    await renderReadyForm();
    const names = [...document.querySelectorAll("input")].map((input) => input.getAttribute("autocomplete"));
    expect(names).toEqual(["cc-given-name", "cc-family-name", "postal-code"]);
    expect(new URL(frame().src).searchParams.get("provider")).toBe("nmi");
  });

  it("disables the submit button until the first and last name are filled", async () => {
    usApi();
    await renderReadyForm();
    expect(addCard()).toBeDisabled();
    await userEvent.type(screen.getByLabelText("First name"), "Ann");
    expect(addCard()).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Last name"), "Lee");
    expect(addCard()).toBeEnabled();
    await userEvent.clear(screen.getByLabelText("First name"));
    expect(addCard()).toBeDisabled();
  });

  it("fills in the holder's names from the profile instead of asking for them again", async () => {
    usApi();
    sessionStore.set({
      restoring: false,
      authenticated: true,
      user: driver({ first_name: "Ana", last_name: "López" }),
    });
    await renderReadyForm();
    expect(screen.getByLabelText("First name")).toHaveValue("Ana");
    expect(screen.getByLabelText("Last name")).toHaveValue("López");
    expect(addCard()).toBeEnabled();
  });

  it("takes only digits in the ZIP code and checks its length", async () => {
    usApi();
    await renderReadyForm();
    const zip = screen.getByLabelText("ZIP code");
    await userEvent.type(zip, "7a8-7b01");
    expect(zip).toHaveValue("78701");
    await userEvent.clear(zip);
    await userEvent.type(zip, "787");
    await userEvent.type(screen.getByLabelText("First name"), "Ann");
    await userEvent.type(screen.getByLabelText("Last name"), "Lee");
    await userEvent.click(addCard());
    expect(await screen.findByText(i18n.t("payments:form.zip_code_invalid"))).toBeInTheDocument();
  });

  it("asks the frame for a token and saves the masked card details with the holder", async () => {
    const api = usApi();
    const onSaved = await renderReadyForm();
    const askFrame = vi.spyOn(frame().contentWindow as Window, "postMessage");
    await fillHolder();
    await userEvent.click(addCard());
    expect(askFrame).toHaveBeenCalledWith({ type: "sandbox:submit" }, window.location.origin);

    act(() =>
      postFromFrame(frame(), {
        type: "collectjs:token",
        tokenType: "inline",
        token: "tok_us",
        card: { number: "411111******1111", bin: "411111", exp: "1030", type: "visa" },
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo("POST", "user/nmi/payment/method")[0]?.body).toEqual({
      payment_token: "tok_us",
      first_name: "Ann",
      last_name: "Lee",
      zip_code: "78701",
      brand: "visa",
      lastFourDigits: "1111",
      type: "unknown",
      expMonth: "10",
      expYear: "30",
    });
  });

  it("shows complete_all_fields when the provider's validation fails", async () => {
    const api = usApi();
    await renderReadyForm();
    await fillHolder();
    await userEvent.click(addCard());
    act(() =>
      postFromFrame(frame(), { type: "collectjs:validation", field: "number", status: false, message: "bad number" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(i18n.t("payments:complete_all_fields"));
    expect(api.callsTo("POST", "user/nmi/payment/method")).toHaveLength(0);
    expect(addCard()).toBeEnabled();
  });

  it("ignores a token posted from another origin", async () => {
    const api = usApi();
    await renderReadyForm();
    await fillHolder();
    act(() =>
      postFromFrame(
        frame(),
        { type: "collectjs:token", token: "tok_evil", card: { number: "4111", exp: "1030", type: "visa" } },
        "https://evil.example",
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo("POST", "user/nmi/payment/method")).toHaveLength(0);
  });
});
