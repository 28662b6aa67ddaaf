import { Dialog } from "@base-ui/react/dialog";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { paths, signInPath } from "../../config/paths.ts";
import { logout, sessionStore } from "../../lib/session.ts";
import { useStore } from "../../lib/store.ts";
import {
  CalendarIcon,
  CardIcon,
  CarIcon,
  CloseIcon,
  ConsoleIcon,
  HomeIcon,
  LoginIcon,
  LogoutIcon,
  MailIcon,
  ReceiptIcon,
  TicketIcon,
  UserIcon,
} from "../icons.tsx";
import "./side-menu.css";
import "../dialog.css";

type MenuLabel =
  | "home"
  | "vehicles"
  | "visits"
  | "subscriptions"
  | "payment_method"
  | "billing"
  | "account"
  | "contact"
  | "operator";

/**
 * docs/product/screens-and-routes.md side menu, in its order. Billing is Mexican invoicing, so it is hidden in English; the
 * operator console (docs/product/operators.md, not in the spec) is offered to operators only.
 */
const entries: { label: MenuLabel; to: string; Icon: ComponentType; spanishOnly?: boolean; adminOnly?: boolean }[] = [
  { label: "home", to: paths.dashboard.path, Icon: HomeIcon },
  { label: "vehicles", to: paths.vehicles.path, Icon: CarIcon },
  { label: "visits", to: paths.visits.path, Icon: TicketIcon },
  { label: "subscriptions", to: paths.subscriptions.path, Icon: CalendarIcon },
  { label: "payment_method", to: paths.payments.path, Icon: CardIcon },
  { label: "billing", to: paths.billing.path, Icon: ReceiptIcon, spanishOnly: true },
  { label: "account", to: paths.account.path, Icon: UserIcon },
  { label: "contact", to: paths.contact.path, Icon: MailIcon },
  { label: "operator", to: paths.operator.path, Icon: ConsoleIcon, adminOnly: true },
];

export function SideMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const { user, authenticated } = useStore(sessionStore);
  const location = useLocation();
  const visible = entries.filter(
    (entry) => (!entry.spanishOnly || i18n.language !== "en") && (!entry.adminOnly || user?.role === "admin"),
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="side-menu">
          <div className="side-menu-header">
            <Dialog.Title className="side-menu-title">{t("menu.title")}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("menu.close")}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label={t("menu.title")}>
            <ul className="side-menu-list">
              {visible.map(({ label, to, Icon }) => (
                <li key={to}>
                  <NavLink to={to} className="side-menu-link" onClick={() => onOpenChange(false)}>
                    <Icon />
                    <span>{t(`menu.${label}`)}</span>
                  </NavLink>
                </li>
              ))}
              <li>
                {authenticated ? (
                  <button type="button" className="side-menu-link" onClick={() => void logout()}>
                    <LogoutIcon />
                    <span>{t("menu.logout")}</span>
                  </button>
                ) : (
                  // Signed out on a public page (/aisd, /loc/…) there is nothing to log out of:
                  // the entry signs in and comes back here.
                  <NavLink
                    to={signInPath(`${location.pathname}${location.search}`)}
                    className="side-menu-link"
                    onClick={() => onOpenChange(false)}
                  >
                    <LoginIcon />
                    <span>{t("menu.sign_in")}</span>
                  </NavLink>
                )}
              </li>
            </ul>
          </nav>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
