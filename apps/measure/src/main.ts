import { createLogger, runMain, serve } from '@app/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { prepareDatabase } from './database-setup.js';

runMain(async () => {
  const config = loadConfig(process.env);
  const logger = createLogger({ name: 'measure', level: config.LOG_LEVEL });
  const { database, bootstrap } = await prepareDatabase(config);
  const app = await buildApp({ config, logger, database });
  const address = await serve(app, { port: config.MEASURE_PORT, host: config.HOST });
  console.log(`measure: ${address}/api  (docs ${address}/api/docs, ${database.dialect})`);
  if (bootstrap.adminPasswordFile) {
    // The password itself stays in its 0600 file: stdout is the JSON log, which shippers collect.
    console.error(
      `measure: created administrator "${config.ADMIN_USERNAME}"; its generated password is in ` +
        `${bootstrap.adminPasswordFile} (readable by this user only; delete the file once you have logged in)`,
    );
  }
});
