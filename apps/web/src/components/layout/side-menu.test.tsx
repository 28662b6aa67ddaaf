import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { sessionStore } from "../../lib/session.ts";
import { SideMenu } from "./side-menu.tsx";

const renderMenu = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu open onOpenChange={() => {}} />
    </MemoryRouter>,
  );

afterEach(() => sessionStore.set({ restoring: false, authenticated: false, user: null }));

describe("side menu's last entry (docs/product/screens-and-routes.md)", () => {
  it("logs a signed-in driver out", () => {
    sessionStore.set({ restoring: false, authenticated: true, user: null });
    renderMenu("/dashboard");
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
  });

  it("offers a visitor on a public page to sign in and come back, instead of logging out of nothing", () => {
    renderMenu("/loc/7d1e5a10-0000-4000-8000-000000000101?from=qr");
    expect(screen.queryByRole("button", { name: "Log out" })).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/?authRedirect=%2Floc%2F7d1e5a10-0000-4000-8000-000000000101%3Ffrom%3Dqr",
    );
  });
});
