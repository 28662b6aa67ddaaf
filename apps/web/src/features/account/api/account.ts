import type { User } from "@estaciona/contracts/schemas/user";
import { api, type DataEnvelope } from "../../../lib/api-client.ts";

export type EditUserInput =
  | { first_name: string; last_name: string; email: string }
  | { first_name: string; last_name: string; student_id: string };

export async function editUser(body: EditUserInput): Promise<User> {
  return (await api.put<DataEnvelope<User>>("user/edit", body)).data;
}

export async function sendEmailCode(email: string, phoneNumber: string): Promise<void> {
  await api.post("open/send/verification/code/email", { email, phone_number: phoneNumber });
}

export async function checkEmailCode(email: string, code: string): Promise<void> {
  await api.post("user/check/verification/code/email", { email, code });
}

export async function deleteAccount(): Promise<void> {
  await api.delete("user");
}
