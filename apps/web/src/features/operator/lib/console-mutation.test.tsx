import { operator as en } from "@estaciona/i18n/locales/en/operator";
import { operator as es } from "@estaciona/i18n/locales/es/operator";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerNamespaces } from "../../../lib/i18n.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useConsoleMutation } from "./console-mutation.ts";

vi.mock("../../../lib/notify.ts", () => ({ notifySuccess: vi.fn() }));
beforeAll(() => registerNamespaces("operator", { en, es }));

const plans = ["/admin/plans"] as const;
const codes = ["/admin/discounts"] as const;

/** What the screen did after the call, in order. */
const steps: string[] = [];
beforeEach(() => {
  steps.length = 0;
  vi.mocked(notifySuccess).mockClear();
});

function Archive({ fail = false, navigateTo }: { fail?: boolean; navigateTo?: string }) {
  const archive = useConsoleMutation({
    mutationFn: async (name: string) => {
      if (fail) throw new Error("refused");
      return { name };
    },
    invalidates: [plans],
    onSuccess: (plan) => steps.push(`closed ${plan.name}`),
    success: (plan, name) => `Archived ${plan.name} (${name})`,
    onError: () => steps.push("undone"),
    ...(navigateTo ? { navigateTo } : {}),
  });
  return (
    <>
      <button type="button" onClick={() => archive.mutate("Mensual")}>
        Archive
      </button>
      {archive.isSuccess && <p>done: {steps.join(", ")}</p>}
      {archive.isError && <p>failed: {steps.join(", ")}</p>}
    </>
  );
}

function renderArchive(ui: React.ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData([...plans, null, { status: "active" }], ["Mensual"]);
  queryClient.setQueryData([...codes, null, {}], ["VERANO"]);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/operador/planes"]}>
        <Routes>
          <Route path="/operador/planes" element={ui} />
          <Route path="/operador/codigos" element={<p>Codes screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe("useConsoleMutation", () => {
  it("reads again exactly the lists it names, then says so in a toast", async () => {
    const queryClient = renderArchive(<Archive />);
    await userEvent.click(screen.getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("done: closed Mensual")).toBeInTheDocument();
    expect(queryClient.getQueryState([...plans, null, { status: "active" }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...codes, null, {}])?.isInvalidated).toBe(false);
    expect(notifySuccess).toHaveBeenCalledWith("Archived Mensual (Mensual)");
  });

  it("goes where it is told once the change is saved", async () => {
    renderArchive(<Archive navigateTo="/operador/codigos" />);
    await userEvent.click(screen.getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Codes screen")).toBeInTheDocument();
  });

  it("on a refusal neither toasts nor invalidates: it only undoes the screen's state", async () => {
    const queryClient = renderArchive(<Archive fail />);
    await userEvent.click(screen.getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("failed: undone")).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(queryClient.getQueryState([...plans, null, { status: "active" }])?.isInvalidated).toBe(false);
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
