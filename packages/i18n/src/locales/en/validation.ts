/** Generic validation messages of docs/product/validation.md. */
export const validation = {
  required: "Value is required",
  email: "Value is not a valid email address",
  alphanumeric: "The value must be alpha-numeric",
  max_length: "The maximum length allowed is {{max}}",
  min_length: "This field should be at least {{min}} characters long",
  min_value: "The minimum value allowed is {{min}}",
  state: "Choose a state from the list",
  characters: "The value contains characters that are not allowed",
  time_zone: "Choose a time zone such as America/Mexico_City",
  date: "Enter a date as YYYY-MM-DD",
  color: "Enter a colour as #rrggbb",
  contrast: "White text on this colour is hard to read: choose a darker colour (contrast of 4.5:1 or more)",
  logo: "Enter a path on this site, such as /themes/isisa/logo.svg",
  url: "Enter an address that starts with https://",
  features: "Choose features from the list, each once",
  range: "Enter a value from {{min}} to {{max}}",
};
