/** The sign-in wizard at / (docs/product/screens-and-routes.md and docs/product/entities-and-states.md). */
export const auth = {
  title: "Sign in",
  phone_step: {
    heading: "Sign in or create your account",
    country_code: "Country code",
    country_mx: "+52 Mexico",
    country_us: "+1 USA",
    phone: "Mobile phone number",
    phone_hint: "10 digits",
    continue: "Continue",
    disclaimer: "We will send a 6-digit code by SMS or WhatsApp to this number. Standard message rates may apply.",
    accept_privacy: "By continuing you accept our",
    privacy_link: "privacy notice",
    risk_notice:
      "Never share your code with anyone: we will never ask you for it by phone, e-mail or message. Anyone with the code can sign in to your account.",
  },
  code_step: {
    heading: "Enter your code",
    sent_to: "We sent a 6-digit code to {{phone}}.",
    code: "Verification code",
    submit: "Sign in",
    resend: "Send a new code",
    resend_in: "You can ask for a new code in {{seconds}} s",
    back: "Change number",
  },
  name_step: {
    heading: "Tell us about you",
    first_name: "First name",
    last_name: "Last name",
    student_id: "Student ID",
    save: "Continue",
    cancel: "Cancel",
  },
  vehicle_step: {
    heading: "Add your vehicle",
    intro: "Register the plate of the vehicle you park with.",
    save: "Save vehicle",
    add_later: "Add later",
  },
  payment_step: {
    heading: "Add a payment method",
    add_later: "Add later",
    card_refused: "Your bank did not confirm the card, so it was not saved. Try again or use another card.",
  },
  invalid_code_format: "Invalid verification code: 6 digits expected.",
  code_sent: "We sent you a new code.",
};
