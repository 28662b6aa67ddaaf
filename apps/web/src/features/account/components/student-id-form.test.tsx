import { account as en } from "@estaciona/i18n/locales/en/account";
import { account as es } from "@estaciona/i18n/locales/es/account";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../components/parking/testing/fixtures.tsx";
import { i18n, registerNamespaces } from "../../../lib/i18n.ts";
import { sessionStore } from "../../../lib/session.ts";
import { driver } from "../../../testing/driver.ts";
import { StudentIdForm } from "./student-id-form.tsx";

vi.mock("../../../lib/catalogues/account.ts", () => ({}));
beforeAll(() => registerNamespaces("account", { en, es }));
afterEach(() => vi.unstubAllGlobals());

const malformed = () => i18n.t("errors:api_invalid_student_id");

describe("the student id asked at a student pass's checkout (docs/decisions/0250)", () => {
  it("checks the contracts' rule as the driver types, then saves the id upper-cased with the names", async () => {
    const user = driver({ first_name: "Sofía", last_name: "Ruiz", student_id: null });
    const api = mockApi({ "PUT user/edit": (call) => ({ body: { data: { ...user, ...(call.body as object) } } }) });
    render(<StudentIdForm user={user} />);
    // The names are on the account already: only the id is asked.
    expect(screen.queryByLabelText("First name")).toBeNull();
    const field = screen.getByLabelText("Student ID");

    await userEvent.type(field, "x1");
    expect(await screen.findByText(malformed())).toBeVisible();
    expect(field).toHaveAttribute("aria-invalid", "true");
    await userEvent.type(field, "-");
    expect(screen.getByText(malformed())).toBeVisible();
    await userEvent.type(field, "2345");
    await waitFor(() => expect(screen.queryByText(malformed())).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: "Save student ID" }));
    await waitFor(() => expect(sessionStore.get().user?.student_id).toBe("X1-2345"));
    expect(api.calls.map((call) => call.body)).toEqual([
      { first_name: "Sofía", last_name: "Ruiz", student_id: "X1-2345" },
    ]);
  });

  it("asks for the names too when the account has none, since PUT user/edit needs them", async () => {
    const api = mockApi({});
    render(<StudentIdForm user={driver({ first_name: null, last_name: null, student_id: null })} />);
    await userEvent.type(screen.getByLabelText("Student ID"), "A01234567");
    await userEvent.click(screen.getByRole("button", { name: "Save student ID" }));
    expect(await screen.findAllByText("Value is required")).toHaveLength(2);
    expect(api.calls).toHaveLength(0);
  });
});
