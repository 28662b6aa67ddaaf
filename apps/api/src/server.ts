import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

/** The only file that listens: load the configuration, build the app, serve, and close gracefully. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Estaciona is running on ${config.publicUrl} (database: ${app.dbEngine}, SMS: ${config.sms.provider})`);
}

await main();
