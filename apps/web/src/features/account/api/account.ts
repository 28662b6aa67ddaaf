import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/users";
import type { DeletionBlocker, User } from "@estaciona/contracts/schemas/user";
import { saveFile } from "../../../lib/download.ts";
import { callEndpoint } from "../../../lib/endpoint-client.ts";

/** PUT user/edit: the names with either the e-mail or the student id (docs/product/calls-and-errors.md); answers the updated driver. */
export const editUser = (body: EndpointBody<typeof endpoints.editUser>): Promise<User> =>
  callEndpoint(endpoints.editUser, { body });

export const sendEmailCode = async (email: string, phoneNumber: string): Promise<void> => {
  await callEndpoint(endpoints.sendEmailCode, { body: { email, phone_number: phoneNumber } });
};

export const checkEmailCode = async (email: string, code: string): Promise<void> => {
  await callEndpoint(endpoints.checkEmailCode, { body: { email, code } });
};

/** What keeps the account (docs/decisions/0106): the delete dialog lists it before asking. */
export const listDeletionBlockers = (): Promise<DeletionBlocker[]> => callEndpoint(endpoints.listDeletionBlockers, {});

export const deleteAccount = async (): Promise<void> => {
  await callEndpoint(endpoints.deleteAccount, {});
};

/** `GET user/export` saved as a JSON file: everything we hold on the driver (docs/product/invoicing-account-contact.md). */
export async function downloadMyData(): Promise<void> {
  const data = await callEndpoint(endpoints.exportUserData, {});
  const day = data.exported_at.slice(0, 10);
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), `estaciona-datos-${day}.json`);
}
