import { Combobox } from "@base-ui/react/combobox";
import { type Country, STATES_BY_COUNTRY } from "@estaciona/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { MexicoFlag, UsaFlag } from "./flags.tsx";

export interface StateChoice {
  country: Country;
  state: string | null;
}

const countries = [
  { country: "mx", Flag: MexicoFlag, label: "country_mx" },
  { country: "us", Flag: UsaFlag, label: "country_us" },
] as const;

/**
 * docs/product/screens-and-routes.md state picker: a country flag selector (Mexico or USA) and an autocomplete of that
 * country's states. Only a state from the list can be chosen; changing country clears it.
 * Its labels live in the `vehicles` namespace, which every screen using it registers.
 */
export function StatePicker({
  value,
  onChange,
  error,
}: {
  value: StateChoice;
  onChange: (value: StateChoice) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation("vehicles");
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className="field state-picker">
      <fieldset className="state-picker-countries">
        <legend className="field-label">{t("state_country")}</legend>
        <div className="segmented">
          {countries.map(({ country, Flag, label }) => (
            <label key={country} className="segmented-option">
              <input
                type="radio"
                name={`${inputId}-country`}
                value={country}
                checked={value.country === country}
                onChange={() => onChange({ country, state: null })}
              />
              <Flag />
              <span>{t(label)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Combobox.Root
        key={value.country}
        items={STATES_BY_COUNTRY[value.country] as string[]}
        value={value.state}
        onValueChange={(state) => onChange({ country: value.country, state: typeof state === "string" ? state : null })}
        autoHighlight
      >
        <label className="field-label" htmlFor={inputId}>
          {t("state")}
        </label>
        <Combobox.InputGroup className="combobox-group">
          <Combobox.Input
            id={inputId}
            className="input"
            placeholder={t("state_placeholder")}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
          />
        </Combobox.InputGroup>
        <Combobox.Portal>
          <Combobox.Positioner className="combobox-positioner" sideOffset={4}>
            <Combobox.Popup className="combobox-popup">
              <Combobox.Empty className="combobox-empty">{t("state_empty")}</Combobox.Empty>
              <Combobox.List className="combobox-list">
                {(state: string) => (
                  <Combobox.Item key={state} value={state} className="combobox-item">
                    {state}
                  </Combobox.Item>
                )}
              </Combobox.List>
            </Combobox.Popup>
          </Combobox.Positioner>
        </Combobox.Portal>
      </Combobox.Root>
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
