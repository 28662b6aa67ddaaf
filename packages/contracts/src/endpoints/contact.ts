import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** The contact form (docs/product/invoicing-account-contact.md). */

const contact = () => import("../schemas/contact.ts");

export const sendContactMessage = defineEndpoint({
  method: "POST",
  path: "/user/contact",
  auth: "user",
  status: 201,
  errors: ["object_not_found"],
  tag: "contact",
  summary: "Send the host's operator a message (topic, text, optional visit); answers its reference",
  schemas: schemasOf(contact, (s) => ({ body: s.contactBody, response: s.contactReceipt })),
});
