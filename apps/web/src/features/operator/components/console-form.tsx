import { zodResolver } from "@hookform/resolvers/zod";
import type { UseMutationResult } from "@tanstack/react-query";
import { createContext, type HTMLAttributes, type ReactNode, useContext } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  get,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
  useFormState,
} from "react-hook-form";
import type { z } from "zod";
import { DateField } from "../../../components/date-field.tsx";
import { FormField } from "../../../components/form-field.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import "./console-form.css";

/**
 * A console form's state over the contract's zod schema (docs/decisions/0239): the fields hold what
 * the operator types (the schema's input), the submit hands over what the schema parsed (its output),
 * so the body sent is the body the API validates with the same schema.
 */
export function useConsoleForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}

/** The form's own words for any field that does not read (ConsoleForm's `invalidMessage`). */
const InvalidMessage = createContext<string | undefined>(undefined);

/**
 * The form: its fields, then the submit button (and any other action beside it). A valid submit
 * runs the console mutation; a refusal is the API client's dialog, so nothing more is said here.
 * `submitLabel` null draws no actions (a form only read, as a cancelled event's).
 */
export function ConsoleForm<Input extends FieldValues, Output>({
  form,
  mutation,
  submitLabel,
  actions,
  className = "console-form",
  invalidMessage,
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  mutation: Pick<UseMutationResult<unknown, Error, Output>, "mutateAsync" | "isPending">;
  submitLabel: string | null;
  /** Buttons beside the submit (a cancel, a link back). */
  actions?: ReactNode;
  className?: string;
  /** One sentence for every field that does not read ("Check this field"), in place of the schema's messages. */
  invalidMessage?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <InvalidMessage.Provider value={invalidMessage}>
        <form
          className={className}
          noValidate
          onSubmit={form.handleSubmit(async (body) => {
            try {
              await mutation.mutateAsync(body);
            } catch {
              // The API client already said why, in the reader's language.
            }
          })}
        >
          {children}
          {submitLabel !== null && (
            <div className="form-actions console-form-actions">
              <button type="submit" className="button button-primary" disabled={mutation.isPending}>
                {submitLabel}
              </button>
              {actions}
            </div>
          )}
        </form>
      </InvalidMessage.Provider>
    </FormProvider>
  );
}

type InputProps = Pick<HTMLAttributes<HTMLInputElement>, "inputMode" | "autoCapitalize"> & {
  type?: "text" | "email" | "url" | "number" | "date" | "datetime-local" | "color" | "tel";
  autoComplete?: string;
  maxLength?: number;
  disabled?: boolean;
};

/**
 * One field of a ConsoleForm: its label, the control registered under `name` (an input unless
 * `children` draws another), the hint and the schema's message in the reader's language, tied to the
 * control by aria-describedby. `optional` sends an empty answer as null, `numeric` a number.
 */
export function Field<Input extends FieldValues>({
  name,
  label,
  hint,
  optional = false,
  numeric = false,
  error,
  errorParams,
  input,
  children,
}: {
  name: Path<Input>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  numeric?: boolean;
  /** The screen's own words for any failure of this field, in place of the schema's message. */
  error?: string;
  /** Values the schema's message names ({{max}}). */
  errorParams?: Record<string, unknown>;
  input?: InputProps;
  children?: (
    control: UseFormRegisterReturn & { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined },
  ) => ReactNode;
}) {
  const { register, control } = useFormContext<Input>();
  const { errors } = useFormState({ control, name });
  const invalidMessage = useContext(InvalidMessage);
  const failure = get(errors, name) as { message?: string } | undefined;
  const message = failure ? (error ?? invalidMessage ?? translateMessage(failure.message, errorParams)) : undefined;
  const registered = register(
    name,
    numeric
      ? { valueAsNumber: true }
      : optional
        ? { setValueAs: (value: unknown) => (typeof value === "string" ? value.trim() || null : value) }
        : {},
  );
  return (
    <FormField label={label} hint={hint} error={message}>
      {(ids) =>
        children ? children({ ...ids, ...registered }) : <input {...ids} className="input" {...input} {...registered} />
      }
    </FormField>
  );
}

/** A calendar day (`YYYY-MM-DD`, "" for none) picked in the screen's language, never the browser's (0303). */
export function DayField<Input extends FieldValues>({
  name,
  label,
  hint,
}: {
  name: Path<Input>;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const { control } = useFormContext<Input>();
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error ? translateMessage(fieldState.error.message) : undefined;
  return (
    <FormField label={label} hint={hint} error={message}>
      {(ids) => <DateField {...ids} value={field.value ?? ""} onChange={field.onChange} clearable />}
    </FormField>
  );
}
