/** The privacy notice at /privacidad (Mexico's LFPDPPP structure, valid for US drivers too). */
export const privacy = {
  title: "Privacy notice",
  updated: "Last updated: November 2026",
  sections: [
    {
      heading: "Who is responsible for your data",
      paragraphs: [
        "{{brand}} and the parking operator of this site are responsible for the personal data you give us through this app. You can reach us through the Contact page.",
      ],
    },
    {
      heading: "What data we collect",
      paragraphs: [
        "Identification and contact data: mobile phone number, first and last name, e-mail and, at university sites, your student ID.",
        "Vehicle data: licence plate, state and, if you choose to add them, brand, model, year and colour.",
        "Payment data: the masked card details (brand, last four digits, expiry and holder) that the payment provider returns. Card numbers and security codes are typed into the provider's own fields and never reach our servers.",
        "Use data: your visits, subscriptions, payments, invoices and the dates and places where they happen. Billing data (RFC, legal name, tax regime, CFDI use and postal code) if you request invoices.",
      ],
    },
    {
      heading: "What we use it for",
      paragraphs: [
        "Primary purposes: creating and securing your account, recognising your vehicle at entrances and exits, calculating and charging parking fees, managing subscriptions, issuing receipts and invoices, and answering your requests.",
        "Secondary purposes: service notices and improving the app. You can refuse them at any time through the Contact page without affecting the service.",
      ],
    },
    {
      heading: "Who we share it with",
      paragraphs: [
        "Payment processors, to charge and refund; the SMS, WhatsApp and e-mail providers that deliver your codes and notices; the tax authority's certified providers, to stamp invoices; and authorities when the law requires it. We do not sell your data.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You may access, rectify, cancel or object to the use of your data (ARCO rights) and revoke your consent by writing to us through the Contact page with your phone number and your request. We answer within 20 business days. You can also delete your account under My account.",
      ],
    },
    {
      heading: "Storage in your browser",
      paragraphs: [
        "The app keeps your chosen language and your session keys in your browser's storage so that you stay signed in. Logging out removes the session keys.",
      ],
    },
    {
      heading: "Changes to this notice",
      paragraphs: ["We will publish any change to this notice on this page with its date."],
    },
  ],
};
