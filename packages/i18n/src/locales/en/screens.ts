/** Titles and texts of the screens that have no namespace of their own. */
export const screens = {
  dashboard: { title: "Home" },
  three_ds: { title: "Card verification", empty: "Verifying your card with your bank…" },
  visits: { title: "Visits", empty: "You have no visits yet." },
  visit: { title: "Visit" },
  meters: { title: "Parking meters" },
  checkout: { title: "Pay" },
  location: { title: "Location" },
  welcome_freeflow: {
    title: "Welcome",
    heading_activated: "You are all set: park without a ticket",
    heading: "How ticketless parking works",
    intro: "At freeflow lots there is no ticket to take or scan: cameras recognise your plate.",
    steps_label: "How it works",
    step_entry: "Drive in: the camera at the entrance reads your plate and your stay starts.",
    step_exit:
      "Drive out: the camera at the exit reads your plate again and the stay is charged to your card. No stopping to pay.",
    step_visits: "Every stay, what it cost and its receipt are in Visits.",
    home: "Go to home",
    visits: "See my visits",
  },
  freeflow: {
    title: "Ticketless parking",
    plates_label: "Plates the cameras recognise",
    no_plates: "Add your vehicle's plate so the cameras recognise it.",
    card_label: "Card charged when you leave",
    no_card: "Add a card: without one, your stays are left pending payment.",
    card: "{{brand}} {{number}}",
    manage_vehicles: "Manage vehicles",
    manage_cards: "Manage cards",
    how_it_works: "How it works",
  },
  not_found: {
    title: "Page not found",
    body: "The page you are looking for does not exist or has moved.",
    home: "Go to home",
  },
};
