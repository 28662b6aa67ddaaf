import { idempotencyKeyHeader } from "@estaciona/contracts/schemas/common";
import {
  parkingDashboard,
  payVisitBody,
  startVisitBody,
  visitDetail,
  visitListQuery,
  visitPage,
  visitParams,
  visitQuote,
} from "@estaciona/contracts/schemas/parking";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idempotent } from "../../payments/idempotency.ts";
import { getParkingDashboard, getVisit, listVisits, quoteVisit, startVisit } from "./service.ts";
import { payVisit, registerParkingJobs } from "./settlement.ts";

export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  registerParkingJobs(app, app.jobs);

  app.post(
    "/user/visit",
    {
      schema: {
        tags: ["visits"],
        summary: "Start a stay at a location with one of the driver's vehicles (in_progress, entered now)",
        body: startVisitBody,
        response: { 201: z.object({ data: visitDetail }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await startVisit(app.db, request.user, request.body) }),
  );

  app.get(
    "/user/visits",
    {
      schema: {
        tags: ["visits"],
        summary: "The driver's visits, newest first: active (open) or past (finished)",
        querystring: visitListQuery,
        response: { 200: z.object({ data: visitPage }) },
      },
    },
    async (request) => ({ data: await listVisits(app.db, request.user.id, request.query) }),
  );

  app.get(
    "/user/visit/:uuid",
    {
      schema: {
        tags: ["visits"],
        summary: "A visit: location, vehicle, times, live price while open, payments and receipt",
        params: visitParams,
        response: { 200: z.object({ data: visitDetail }) },
      },
    },
    async (request) => ({ data: await getVisit(app.db, request.user.id, request.params.uuid) }),
  );

  app.get(
    "/user/visit/:uuid/quote",
    {
      schema: {
        tags: ["visits"],
        summary: "What paying the visit would charge now, with fees and tax",
        params: visitParams,
        response: { 200: z.object({ data: visitQuote }) },
      },
    },
    async (request) => ({ data: await quoteVisit(app.db, request.user.id, request.params.uuid) }),
  );

  app.post(
    "/user/visit/:uuid/pay",
    {
      schema: {
        tags: ["visits"],
        summary: "Pay the visit now (also /checkout/{uuid}): charges the fee and leaves an exit window",
        params: visitParams,
        headers: idempotencyKeyHeader,
        body: payVisitBody,
        response: {
          200: z.object({
            data: z.object({
              visit: visitDetail,
              payment: z
                .object({
                  uuid: z.string(),
                  status: z.enum(["succeeded", "requires_action", "failed", "pending"]),
                  redirect_url: z.string().nullable(),
                })
                .nullable(),
            }),
          }),
        },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, async (key) => ({
        body: { data: await payVisit(app, request.user, request.params.uuid, request.body, key) },
      })),
  );

  app.get(
    "/user/dashboard",
    {
      schema: {
        tags: ["visits"],
        summary: "The home screen: the open visit with its live price, and the latest visits",
        response: { 200: z.object({ data: parkingDashboard }) },
      },
    },
    async (request) => ({ data: await getParkingDashboard(app.db, request.user.id) }),
  );
};
