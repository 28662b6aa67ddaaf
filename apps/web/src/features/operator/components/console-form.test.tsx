import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ConsoleForm, Field, useConsoleForm } from "./console-form.tsx";

/** A schema of the contracts' kind: its messages are catalogue keys, read in the reader's language. */
const schema = z.object({
  name: z.string().trim().min(1, "validation:required"),
  email: z.email("validation:email").nullable(),
  width: z.number().int().min(320, "validation:min_value"),
});
type Input = z.input<typeof schema>;

function Form({ send }: { send: (body: z.output<typeof schema>) => Promise<unknown> }) {
  const form = useConsoleForm(schema, { name: "", email: null, width: 480 });
  return (
    <ConsoleForm form={form} mutation={{ mutateAsync: send, isPending: false }} submitLabel="Save">
      <Field<Input> name="name" label="Name" hint="As drivers read it" />
      <Field<Input> name="email" label="E-mail" optional input={{ type: "email" }} />
      <Field<Input> name="width" label="Width" numeric errorParams={{ min: 320 }} input={{ inputMode: "numeric" }} />
    </ConsoleForm>
  );
}

describe("ConsoleForm and Field", () => {
  it("ties each label, hint and schema message to its control and sends nothing invalid", async () => {
    const send = vi.fn(async () => undefined);
    render(<Form send={send} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const name = screen.getByLabelText("Name");
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    expect(name).toHaveAccessibleDescription(/As drivers read it/);
    expect(name).toHaveAccessibleDescription(/required/i);
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "false");
    expect(send).not.toHaveBeenCalled();
  });

  it("sends what the schema parsed: an empty optional answer as null, a number as a number", async () => {
    const send = vi.fn(async () => undefined);
    render(<Form send={send} />);
    await userEvent.type(screen.getByLabelText("Name"), "  Fundidora ");
    await userEvent.clear(screen.getByLabelText("Width"));
    await userEvent.type(screen.getByLabelText("Width"), "600");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: "Fundidora", email: null, width: 600 }));
  });

  it("words a message with the values it names", async () => {
    render(<Form send={vi.fn()} />);
    await userEvent.clear(screen.getByLabelText("Width"));
    await userEvent.type(screen.getByLabelText("Width"), "100");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The minimum value allowed is 320")).toBeInTheDocument();
  });

  it("a refusal leaves the form as typed: the API client's dialog already said why", async () => {
    const send = vi.fn(async () => Promise.reject(new Error("refused")));
    render(<Form send={send} />);
    await userEvent.type(screen.getByLabelText("Name"), "Fundidora");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(screen.getByLabelText("Name")).toHaveValue("Fundidora");
  });
});
