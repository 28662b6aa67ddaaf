import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

export interface ModuleNeeds {
  /** The app's decorations the module uses (`db`, `jobs`, `providers`, `authenticate`…). */
  decorators: (keyof FastifyInstance)[];
  /** Modules that must be registered before it, because its work relies on theirs (their jobs, their payables). */
  modules?: string[];
}

/**
 * A feature module (`modules/<feature>/plugin.ts`) as a Fastify plugin: named, encapsulated,
 * registering its own jobs and routes, and declaring what it needs. Fastify checks the
 * declaration when the module registers, so a missing decoration or a module added before one it
 * relies on stops the app at start instead of failing a request later (docs/decisions/0018).
 */
export const apiModule = (name: string, needs: ModuleNeeds, plugin: FastifyPluginAsync) =>
  fp(plugin, {
    name,
    encapsulate: true,
    dependencies: needs.modules ?? [],
    decorators: { fastify: needs.decorators },
  });
