/** Generic validation messages of spec §5. */
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
};
