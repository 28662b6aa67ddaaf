import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { locationQuery } from "../api/operator.ts";
import { LocationEditor } from "../components/location-editor.tsx";
import { useConsoleFormat } from "../lib/format.ts";

/** /operador/ubicaciones/nueva and /operador/ubicaciones/{uuid}: a location, its tariff and its rules. */
export default function LocationEditScreen() {
  const { uuid } = useParams();
  const { t } = useConsoleFormat();
  const existing = useQuery({ ...locationQuery(uuid ?? ""), enabled: uuid !== undefined });
  const title = uuid ? t("locations.edit_title") : t("locations.new_title");
  return (
    <Page title={existing.data ? existing.data.name : title}>
      {uuid && !existing.data ? (
        <LoadingSection />
      ) : (
        <LocationEditor key={existing.data?.uuid ?? "new"} location={existing.data} />
      )}
    </Page>
  );
}
