import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { fetchCodeDelivery } from "../api/code-delivery.ts";
import { CodeStep } from "./code-step.tsx";
import { PhoneStep } from "./phone-step.tsx";

vi.mock("../api/code-delivery.ts", () => ({
  fetchCodeDelivery: vi.fn(async () => ({ state: "sent", channels: ["sms", "whatsapp"] })),
}));

describe("PhoneStep validation (docs/product/validation.md)", () => {
  it("asks for the phone with the required message", async () => {
    const onSubmit = vi.fn();
    render(<PhoneStep defaultValues={{ country: "mx", phone: "" }} busy={false} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Value is required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses fewer than 10 digits", async () => {
    const onSubmit = vi.fn();
    render(<PhoneStep defaultValues={{ country: "mx", phone: "" }} busy={false} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText("Mobile phone number"), "81234");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Value is required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("masks the phone and submits it in E.164 with the chosen country code", async () => {
    const onSubmit = vi.fn();
    render(<PhoneStep defaultValues={{ country: "mx", phone: "" }} busy={false} onSubmit={onSubmit} />);
    await userEvent.selectOptions(screen.getByLabelText("Country code"), "us");
    const phone = screen.getByLabelText("Mobile phone number");
    await userEvent.type(phone, "5125550123");
    expect(phone).toHaveValue("(512) 555-0123");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onSubmit).toHaveBeenCalledWith({ country: "us", digits: "5125550123", e164: "+15125550123" });
  });

  it("shows the SMS-code risk notice", () => {
    render(<PhoneStep defaultValues={{ country: "mx", phone: "" }} busy={false} onSubmit={() => {}} />);
    expect(screen.getByText(/Never share your code/)).toBeInTheDocument();
  });

  it("links the privacy notice it asks the driver to accept", () => {
    render(<PhoneStep defaultValues={{ country: "mx", phone: "" }} busy={false} onSubmit={() => {}} />);
    expect(screen.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacidad");
  });

  it("speaks Spanish when the language is Spanish", async () => {
    await i18n.changeLanguage("es");
    try {
      render(<PhoneStep defaultValues={{ country: "mx", phone: "" }} busy={false} onSubmit={() => {}} />);
      await userEvent.click(screen.getByRole("button", { name: "Continuar" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("El valor es requerido");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("CodeStep (docs/product/screens-and-routes.md and docs/product/validation.md)", () => {
  const props = {
    phone: "+52 8112345678",
    phoneE164: "+528112345678",
    registrations: 1,
    busy: false,
    onResend: () => {},
    onResendBy: () => {},
    onBack: () => {},
  };

  it("pre-fills the sandbox code", () => {
    render(<CodeStep {...props} prefilledCode="123456" onSubmit={() => {}} />);
    expect(screen.getByLabelText("Verification code")).toHaveValue("123456");
  });

  it("shows the invalid-code message unless there are exactly 6 digits", async () => {
    const onSubmit = vi.fn();
    render(<CodeStep {...props} prefilledCode={null} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText("Verification code"), "12345");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(i18n.t("auth:invalid_code_format"));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText("Verification code"), "6");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(onSubmit).toHaveBeenCalledWith("123456");
  });

  it("offers a resend only after the 60-second countdown", () => {
    render(<CodeStep {...props} prefilledCode={null} onSubmit={() => {}} />);
    expect(screen.getByText("You can ask for a new code in 60 s")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send a new code" })).not.toBeInTheDocument();
  });

  it("offers another channel at once when the provider says the code did not arrive (decision 0244)", async () => {
    vi.mocked(fetchCodeDelivery).mockResolvedValueOnce({ state: "undelivered", channels: ["sms", "whatsapp"] });
    const onResendBy = vi.fn();
    render(<CodeStep {...props} prefilledCode={null} onSubmit={() => {}} onResendBy={onResendBy} />);
    expect(await screen.findByText("Your code didn't arrive. Send it another way:")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send by WhatsApp" }));
    expect(onResendBy).toHaveBeenCalledWith("whatsapp");
    expect(screen.getByRole("button", { name: "Send by SMS" })).toBeInTheDocument();
  });
});
