/** Contact and help at /contacto: the operator's details and questions per host (docs/product/invoicing-account-contact.md). */
export const contact = {
  title: "Contact",
  operator_heading: "Talk to us",
  email: "E-mail",
  phone: "Phone",
  no_details: "This site has not published contact details yet. Use the questions below.",
  faq_heading: "Frequently asked questions",
  form_heading: "Write to us",
  topic: "Topic",
  topics: {
    visit: "A stay or a visit",
    payment: "A payment or a charge",
    invoice: "An invoice",
    account: "My account",
    other: "Something else",
  },
  message: "Message",
  message_hint: "Up to {{max}} characters.",
  visit: "Stay it is about (optional)",
  no_visit: "None",
  send: "Send",
  sending: "Sending…",
  sent_heading: "Message sent",
  sent: "We received your message. Your reference number is {{reference}}; the operator answers by e-mail or phone.",
  send_another: "Write another message",
  operator_email_subject: "[{{reference}}] {{topic}} · {{brand}}",
  operator_email_body:
    "Message {{reference}} from the contact form of {{brand}} ({{hostname}}).\n\nTopic: {{topic}}\nDriver: {{name}} · {{phone}} · {{email}}\nStay: {{visit}}\n\n{{message}}",
  faq: {
    estaciona: [
      {
        question: "How do I pay for parking?",
        answer:
          "Register your vehicle and a card. When you leave a lot, your stay is calculated and charged to your default card; the receipt appears under Visits.",
      },
      {
        question: "Why was a 10 MXN charge made to my card?",
        answer: "It verifies that your card works when you add it, and it is refunded immediately.",
      },
      {
        question: "Can I get an invoice?",
        answer:
          "Yes, for lots in Mexico (a CFDI, in Spanish): switch the language to Español, save your billing data under Facturación and request the invoice for a paid visit within the location's invoice window.",
      },
      {
        question: "I did not receive my code.",
        answer:
          "Check that the number has 10 digits and the right country code. You can ask for a new code after 60 seconds.",
      },
    ],
    us: [
      {
        question: "How do I pay for parking?",
        answer:
          "Register your vehicle and a card. When you leave a lot, your stay is calculated and charged to your default card; the receipt appears under Visits.",
      },
      {
        question: "Why was a $1.00 charge made to my card?",
        answer: "It verifies that your card works when you add it, and it is refunded immediately.",
      },
      {
        question: "Where are my receipts?",
        answer:
          "Every paid stay, pass period and meter purchase has a receipt under Visits, which you can download as a PDF.",
      },
      {
        question: "I did not receive my code.",
        answer:
          "Check that the number has 10 digits and the right country code. You can ask for a new code after 60 seconds.",
      },
    ],
    isisa: [
      {
        question: "Who can buy a university parking subscription?",
        answer:
          "Students and staff with a valid student ID. Enter it in your account before buying a subscription under Subscriptions.",
      },
      {
        question: "How long does my subscription last?",
        answer: "Each plan shows its period and price before you pay. Active subscriptions appear under Subscriptions.",
      },
      {
        question: "Can I change the vehicle on my subscription?",
        answer: "A subscription belongs to one vehicle. Cancel it and buy a new one for the other vehicle.",
      },
      {
        question: "I did not receive my code.",
        answer:
          "Check that the number has 10 digits and the right country code. You can ask for a new code after 60 seconds.",
      },
    ],
    freeflow: [
      {
        question: "How does ticketless parking work?",
        answer:
          "Cameras read your plate at the entrance and the exit. When you leave, the stay is charged to your registered card.",
      },
      {
        question: "What happens if my card is declined?",
        answer: "The visit stays pending payment and we notify you. Pay it under Visits before your next entry.",
      },
      {
        question: "Can I register the same plate on two accounts?",
        answer: "No. A plate can be active on one account only.",
      },
      {
        question: "I did not receive my code.",
        answer:
          "Check that the number has 10 digits and the right country code. You can ask for a new code after 60 seconds.",
      },
    ],
  },
};
