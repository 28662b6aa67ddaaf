# Estaciona: one image for every role (PROCESS_ROLE=api | worker | all). docs/operations.md.
# Multi-stage: dependencies and builds in `build`, a slim runtime without compilers, as a non-root user.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/i18n/package.json packages/i18n/
# The lock file as it is: `npm ci` refuses a lock that does not match package.json.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 PROCESS_ROLE=api METRICS_PORT=9464
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/apps/api/package.json apps/api/
# The versions npm could not hoist beside the other dependencies (e.g. OpenTelemetry's).
COPY --from=build --chown=node:node /app/apps/api/node_modules apps/api/node_modules
COPY --from=build --chown=node:node /app/apps/api/dist apps/api/dist
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
USER node
EXPOSE 8080 9464
# Each role is asked the right thing: an API its /api/health, a worker its job loop's heartbeat on METRICS_PORT.
HEALTHCHECK --interval=10s --timeout=4s --start-period=20s --retries=3 \
  CMD ["node", "apps/api/dist/healthcheck.mjs"]
CMD ["node", "--enable-source-maps", "apps/api/dist/server.mjs"]
