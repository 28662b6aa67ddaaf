import type { Location } from "@estaciona/contracts/schemas/parking";
import type { CreateVehicleBody } from "@estaciona/contracts/schemas/user";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import { Page } from "../../../components/page.tsx";
import { useParkingFormat } from "../../../components/parking/format.ts";
import { TariffWords } from "../../../components/parking/tariff-words.tsx";
import { pathTo, signInPath } from "../../../config/paths.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { loadUser, sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { VenueEvents } from "../../events/index.ts";
import { StarToggle } from "../../home/index.ts";
import { SignBadge } from "../../signs/index.ts";
import { createVehicle, VehicleForm, vehiclesKey, vehiclesQuery } from "../../vehicles/index.ts";
import { refreshParking, startVisit, visitQuery, visitsQuery } from "../../visits/index.ts";
import { locationQuery } from "../api/locations.ts";
import "../../../lib/catalogues/parking.ts";
import "../../../lib/catalogues/screens.ts";
import "../../../lib/catalogues/vehicles.ts";

/** At most this many open visits are read to mark the vehicles already parked (the server's page limit). */
const OPEN_VISITS_LIMIT = 50;

const mapUrl = ({ lat, lng }: Location["coordinates"]) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;

/**
 * /loc/{uuid}, the public QR landing at a lot: name, address, a map link, the tariff in words
 * with the all-in price, and Start; a signed sign's `?s=` adds "Verified: <operator>" or a warning. Signed out, Start signs in first and comes back here;
 * signed in, the driver picks a vehicle (or adds one) and the stay starts at once.
 */
export default function LocationScreen() {
  const { uuid = "" } = useParams();
  const { t } = useParkingFormat();
  // A printed sign's signature (`?s=`, docs/decisions/0287): checked and named on the landing.
  const signature = useSearchParams()[0].get("s");
  const location = useQuery(locationQuery(uuid));
  const data = location.data;
  // A meter's sign leads straight to its zone, where time is bought (signing in first when needed),
  // and its signature goes along to be checked there.
  if (data?.kind === "meter")
    return <Navigate replace to={pathTo("meter", { uuid: data.uuid }, signature ? { s: signature } : undefined)} />;
  return (
    <Page title={data?.name ?? t("screens:location.title")}>
      {!data ? (
        <LoadingSection />
      ) : (
        <div className="location-landing">
          {signature && <SignBadge uuid={data.uuid} signature={signature} />}
          <p className="location-address">{data.address}</p>
          <p>
            <a className="link" href={mapUrl(data.coordinates)} target="_blank" rel="noopener noreferrer">
              {t("location.map_link")}
            </a>
            {data.capacity !== null && (
              <span className="muted"> · {t("location.capacity", { count: data.capacity })}</span>
            )}
          </p>
          {data.freeflow && <p className="muted">{t("location.freeflow")}</p>}
          {data.kind === "lot" && <StarToggle uuid={data.uuid} name={data.name} />}
          {data.kind === "venue" ? (
            <VenueEvents locationUuid={data.uuid} />
          ) : (
            <>
              <TariffWords location={data} />
              <StartVisit location={data} />
            </>
          )}
        </div>
      )}
    </Page>
  );
}

function StartVisit({ location }: { location: Location }) {
  const { t } = useParkingFormat();
  const { authenticated } = useStore(sessionStore);
  const here = pathTo("location", { uuid: location.uuid });

  if (!location.available) return <p className="notice">{t("location.unavailable")}</p>;
  if (location.kind !== "lot" && location.kind !== "valet") return <p className="notice">{t("location.not_a_lot")}</p>;
  if (!authenticated)
    return (
      <section className="card start-visit" aria-labelledby="start-title">
        <h2 id="start-title">{t("location.start_title")}</h2>
        <p className="muted">{t("location.sign_in_note")}</p>
        <Link className="button button-primary button-block" to={signInPath(here)}>
          {t("location.sign_in_to_start")}
        </Link>
      </section>
    );
  return <SignedInStart location={location} />;
}

function SignedInStart({ location }: { location: Location }) {
  const { t } = useParkingFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const vehicles = useQuery(vehiclesQuery());
  const openVisits = useQuery(visitsQuery("active", 1, OPEN_VISITS_LIMIT));
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const parkedVisitOf = (vehicleUuid: string) =>
    openVisits.data?.items.find((visit) => visit.vehicle.uuid === vehicleUuid) ?? null;
  const list = vehicles.data ?? [];
  const free = list.filter((vehicle) => !parkedVisitOf(vehicle.uuid));
  const selected = chosen ?? free[0]?.uuid ?? null;

  const addVehicle = useMutation({
    mutationFn: (body: CreateVehicleBody) => createVehicle(body),
    onSuccess: async (vehicle) => {
      setAdding(false);
      setChosen(vehicle.uuid);
      await queryClient.invalidateQueries({ queryKey: vehiclesKey });
      void loadUser();
    },
  });

  const start = useMutation({
    mutationFn: (vehicleUuid: string) => startVisit({ location_uuid: location.uuid, vehicle_uuid: vehicleUuid }),
    onSuccess: async (visit) => {
      notifySuccess(t("location.started"));
      queryClient.setQueryData(visitQuery(visit.uuid).queryKey, visit);
      await refreshParking(queryClient, { refetchType: "none" });
      navigate(pathTo("visit", { uuid: visit.uuid }));
    },
  });

  if (vehicles.isPending || openVisits.isPending) return <LoadingSection />;
  return (
    <section className="card start-visit" aria-labelledby="start-title">
      <h2 id="start-title">{t("location.start_title")}</h2>
      {list.length === 0 ? (
        <p className="muted">{t("location.no_vehicles")}</p>
      ) : (
        <fieldset className="vehicle-choice">
          <legend>{t("location.vehicle_label")}</legend>
          {list.map((vehicle) => {
            const parked = parkedVisitOf(vehicle.uuid);
            return (
              <div key={vehicle.uuid} className="vehicle-choice-option">
                <label>
                  <input
                    type="radio"
                    name="start-vehicle"
                    value={vehicle.uuid}
                    checked={selected === vehicle.uuid}
                    disabled={parked !== null || start.isPending}
                    onChange={() => setChosen(vehicle.uuid)}
                  />
                  <span className="plate-badge">{vehicle.plate}</span>
                </label>
                {parked && (
                  <Link className="link" to={pathTo("visit", { uuid: parked.uuid })}>
                    {t("location.already_parked", { plate: vehicle.plate })}
                  </Link>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
        {t("location.add_vehicle")}
      </button>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={selected === null || start.isPending}
        onClick={() => selected && start.mutate(selected)}
      >
        {start.isPending ? t("location.starting") : t("location.start")}
      </button>
      <FormDialog open={adding} title={t("location.add_vehicle")} onClose={() => setAdding(false)}>
        <VehicleForm
          submitLabel={addVehicle.isPending ? t("common:actions.saving") : t("common:actions.save")}
          busy={addVehicle.isPending}
          onSubmit={(body) => addVehicle.mutate(body)}
        />
      </FormDialog>
    </section>
  );
}
