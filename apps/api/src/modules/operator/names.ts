/** A person as the console names them: first and last name, or their phone when they gave none. */
export const fullName = (user: { first_name: string | null; last_name: string | null; phone: string }) =>
  [user.first_name, user.last_name].filter(Boolean).join(" ") || user.phone;
