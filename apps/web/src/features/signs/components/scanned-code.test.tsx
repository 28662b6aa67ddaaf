import type { SignCheck } from "@estaciona/contracts/schemas/verification";
import { signs as enSigns } from "@estaciona/i18n/locales/en/signs";
import { signs as esSigns } from "@estaciona/i18n/locales/es/signs";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mockApi, renderWithProviders } from "../../../components/parking/testing/fixtures.tsx";
import { i18n, registerNamespaces } from "../../../lib/i18n.ts";
import { ScannedCode } from "./scanned-code.tsx";

vi.mock("../catalogue.ts", () => ({}));
beforeAll(() => registerNamespaces("signs", { en: enSigns, es: esSigns }));

const PLACE = "7d1e5a10-0000-4000-8000-000000000101";
const here = window.location.origin;
const signed = `${here}/loc/${PLACE}?s=1.abcdefghijklmnopqrstuv`;

function answer(check: SignCheck, status = 200) {
  return mockApi({
    "POST open/sign/check": () => ({ status, body: status === 200 ? { data: check } : { error: "too_many_requests" } }),
  });
}

/** The scanned code's result, inside a router that shows the path it opened. */
function scan(text: string) {
  const onOpened = vi.fn();
  renderWithProviders(
    <Routes>
      <Route path="/" element={<ScannedCode text={text} onOpened={onOpened} />} />
      <Route path="/loc/:uuid" element={<p>landing opened</p>} />
    </Routes>,
  );
  return onOpened;
}

describe("the scanner's link check", () => {
  it("opens a verified sign of this host inside the app, after the API checked the very text read", async () => {
    const api = answer({ status: "verified", operator: "Estaciona Monterrey", place: "Parque Fundidora" });
    const onOpened = scan(signed);
    expect(await screen.findByText("landing opened")).toBeInTheDocument();
    expect(onOpened).toHaveBeenCalledOnce();
    expect(api.calls[0]?.body).toEqual({ text: signed });
  });

  it("opens nothing from another domain and names where it leads", async () => {
    answer({ status: "foreign", operator: null, place: null });
    const onOpened = scan("https://estaciona-pagos.example/loc/x");
    expect(await screen.findByRole("alert")).toHaveTextContent("This code is not one of our signs");
    expect(screen.getByRole("alert")).toHaveTextContent("estaciona-pagos.example");
    expect(onOpened).not.toHaveBeenCalled();
  });

  it("names the host a disguised link really reaches, past the `ours@` in front", async () => {
    answer({ status: "foreign", operator: null, place: null });
    scan(`https://${new URL(here).host}@evil.example/loc/${PLACE}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("(evil.example)");
  });

  it("says plainly that a text that is no link was not opened", async () => {
    answer({ status: "foreign", operator: null, place: null });
    scan("PAGA AQUI 5512345678");
    expect(await screen.findByRole("alert")).toHaveTextContent("It is not a link to this site, so it was not opened.");
  });

  it("warns on a forged signature, opening nothing", async () => {
    answer({ status: "forged", operator: null, place: null });
    const onForged = scan(`${here}/loc/${PLACE}?s=1.forgedforgedforgedforg`);
    expect(await screen.findByRole("alert")).toHaveTextContent("This sign is forged");
    expect(onForged).not.toHaveBeenCalled();
  });

  it("warns on an unsigned link of ours, in Spanish too", async () => {
    await i18n.changeLanguage("es");
    answer({ status: "unsigned", operator: null, place: null });
    const onOpened = scan(`${here}/loc/${PLACE}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Este letrero no tiene firma");
    expect(onOpened).not.toHaveBeenCalled();
    await i18n.changeLanguage("en");
  });

  it("says the check could not be made when the API refuses, opening nothing", async () => {
    answer({ status: "verified", operator: "x", place: "y" }, 429);
    const onOpened = scan(signed);
    expect(await screen.findByRole("alert")).toHaveTextContent("could not be checked now");
    expect(onOpened).not.toHaveBeenCalled();
  });
});
