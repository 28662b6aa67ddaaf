import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { sessionStore } from "../../../lib/session.ts";
import { useStore } from "../../../lib/store.ts";
import { setStarred, yourPlacesKey, yourPlacesQuery } from "../api/places.ts";
import "../../../lib/catalogues/home.ts";
import "../home.css";

/**
 * The star on a lot or meter zone (docs/decisions/0241): a toggle button (aria-pressed) whose label
 * names the place. Its state is the driver's places list, shared by every star on the screen; it
 * shows once that list has loaded, so it never claims a state it does not know.
 */
export function StarToggle({ uuid, name }: { uuid: string; name: string }) {
  const { t } = useTranslation("home");
  const queryClient = useQueryClient();
  // Signed out (a lot's public landing) there is nothing to star with.
  const { authenticated } = useStore(sessionStore);
  const places = useQuery({ ...yourPlacesQuery(), enabled: authenticated });
  const toggle = useMutation({
    mutationFn: (starred: boolean) => setStarred(uuid, starred),
    onSettled: () => queryClient.invalidateQueries({ queryKey: yourPlacesKey }),
  });
  if (!authenticated || !places.data) return null;
  const known = places.data.favourites.some((place) => place.uuid === uuid);
  // While the change is on its way the button already shows where it is going.
  const starred = toggle.isPending ? toggle.variables : known;
  return (
    <span className="star-toggle-wrap">
      <button
        type="button"
        className="star-toggle"
        aria-pressed={starred}
        aria-label={t("star_label", { name })}
        onClick={() => toggle.mutate(!starred)}
        disabled={toggle.isPending}
      >
        <span aria-hidden="true">{starred ? "★" : "☆"}</span>
      </button>
      {toggle.isError && (
        <span role="alert" className="form-error">
          {t("star_failed")}
        </span>
      )}
    </span>
  );
}
