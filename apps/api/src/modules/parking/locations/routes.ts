import { location, locationParams } from "@estaciona/contracts/schemas/parking";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getPublicLocation, listPublicLocations } from "./service.ts";

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/open/location/:uuid",
    {
      schema: {
        tags: ["parking"],
        summary: "A location's public page: address, tariff and the first period's all-in price",
        params: locationParams,
        response: { 200: z.object({ data: location }) },
      },
    },
    async (request) => ({ data: await getPublicLocation(app.db, request.params.uuid) }),
  );

  app.get(
    "/open/locations",
    {
      schema: {
        tags: ["parking"],
        summary: "Every active location, for the map",
        response: { 200: z.object({ data: z.array(location) }) },
      },
    },
    async () => ({ data: await listPublicLocations(app.db) }),
  );
};
