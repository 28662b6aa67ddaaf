import type { YourPlace } from "@estaciona/contracts/schemas/home";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pathTo } from "../../../config/paths.ts";
import { yourPlacesQuery } from "../api/places.ts";
import { StarToggle } from "./star-toggle.tsx";

/**
 * "Your places" above the host's offers (docs/decisions/0241): the starred lots and zones, then the
 * last ones paid for. A zone opens its buy panel with the vehicle used last chosen; a lot opens its
 * screen. Nothing shows while the driver has no places.
 */
export function YourPlaces() {
  const { t } = useTranslation("home");
  // Recents follow payments made on other screens (a zone, a lot): read afresh each time the home shows.
  const places = useQuery({ ...yourPlacesQuery(), refetchOnMount: "always" });
  const data = places.data;
  if (!data || data.favourites.length + data.recents.length === 0) return null;
  return (
    <section className="dashboard-section home-section" aria-labelledby="home-your-places-title">
      <h2 id="home-your-places-title">{t("your_places_title")}</h2>
      {data.favourites.length > 0 && <PlaceRows title={t("your_places_starred")} places={data.favourites} />}
      {data.recents.length > 0 && <PlaceRows title={t("your_places_recent")} places={data.recents} />}
    </section>
  );
}

function PlaceRows({ title, places }: { title: string; places: YourPlace[] }) {
  const { t } = useTranslation("home");
  return (
    <>
      <h3>{title}</h3>
      <ul className="home-rows" aria-label={title}>
        {places.map((place) => {
          // A zone by its sign's number (how the curb names it), a lot by its name.
          const name = place.kind === "meter" && place.zone_code ? t("zone", { code: place.zone_code }) : place.name;
          return (
            <li key={place.uuid} className="home-starred-row">
              <Link className="home-row home-place-row" to={placePath(place)}>
                <span className="home-row-name">{name}</span>
                {place.kind === "meter" && <span className="muted">{place.name}</span>}
                {place.plate && <span className="muted">{t("your_places_last", { plate: place.plate })}</span>}
                {place.kind === "meter" && place.vehicle_uuid && (
                  <span className="home-row-price">{t("your_places_pay_again")}</span>
                )}
              </Link>
              <StarToggle uuid={place.uuid} name={name} />
            </li>
          );
        })}
      </ul>
    </>
  );
}

function placePath(place: YourPlace): string {
  if (place.kind === "lot") return pathTo("location", { uuid: place.uuid });
  return pathTo("meter", { uuid: place.uuid }, place.vehicle_uuid ? { vehicle: place.vehicle_uuid } : undefined);
}
