import type { ReactNode } from "react";

/** Small decorative icons; every control that uses one carries its own accessible name. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const MenuIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);
export const HomeIcon = () => (
  <Icon>
    <path d="M3 11 12 4l9 7M5 10v10h14V10" />
  </Icon>
);
export const CarIcon = () => (
  <Icon>
    <path d="M5 16h14M6 16l1.5-5h9L18 16M4 16v3h3v-3M17 16v3h3v-3" />
  </Icon>
);
export const TicketIcon = () => (
  <Icon>
    <path d="M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4z" />
  </Icon>
);
export const CalendarIcon = () => (
  <Icon>
    <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" />
  </Icon>
);
export const CardIcon = () => (
  <Icon>
    <path d="M3 6h18v12H3zM3 10h18M7 15h4" />
  </Icon>
);
export const ReceiptIcon = () => (
  <Icon>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" />
  </Icon>
);
export const UserIcon = () => (
  <Icon>
    <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />
  </Icon>
);
export const MailIcon = () => (
  <Icon>
    <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
  </Icon>
);
export const ConsoleIcon = () => (
  <Icon>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Icon>
);
export const LogoutIcon = () => (
  <Icon>
    <path d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9" />
  </Icon>
);
export const LoginIcon = () => (
  <Icon>
    <path d="M14 4h5v16h-5M10 8l4 4-4 4M14 12H4" />
  </Icon>
);
export const InboxIcon = () => (
  <Icon>
    <path d="M4 13l2-8h12l2 8M4 13v6h16v-6M4 13h5l1 2h4l1-2h5" />
  </Icon>
);
export const MinusIcon = () => (
  <Icon>
    <path d="M5 12h14" />
  </Icon>
);
export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
