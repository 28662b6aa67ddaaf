import { useParkingFormat } from "../../../components/parking/format.ts";

/** Metres as a person reads them: "350 m", "2.4 km", in the language. */
export function useDistance() {
  const { locale } = useParkingFormat();
  return (metres: number) =>
    metres < 1000
      ? new Intl.NumberFormat(locale, { style: "unit", unit: "meter" }).format(
          Math.max(10, Math.round(metres / 10) * 10),
        )
      : new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 }).format(
          metres / 1000,
        );
}
