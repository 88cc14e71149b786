/**
 * `npm run demo`: seeds the demo shop (users of every role, the DEMO-FLANGE recipe with its drawing on
 * station ST-DEFAULT, 320 measurements with a drift and an outlier) into a running measurement service
 * through its API. Run it after `npm start` or `npm run start:measure`, in another terminal.
 *
 * MEASURE_URL (default http://127.0.0.1:$MEASURE_PORT, port 8000) says where the service is; the admin
 * signs in with ADMIN_USERNAME/ADMIN_PASSWORD, or with the generated password in
 * DATA_DIR/initial-admin-password when ADMIN_PASSWORD is unset (as the service itself does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_RECIPE, DEMO_STATION, DEMO_USERS } from './demo/demo-shop.js';
import { DemoSeedError, seedDemo } from './demo/seed-demo.js';

const url = process.env.MEASURE_URL ?? `http://127.0.0.1:${process.env.MEASURE_PORT || 8000}`;
const adminUsername = process.env.ADMIN_USERNAME || 'admin';

function adminPassword(): string {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const file = join(process.env.DATA_DIR || './data', 'initial-admin-password');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new DemoSeedError(
      `ADMIN_PASSWORD is unset and ${file} cannot be read: set ADMIN_PASSWORD (and ADMIN_USERNAME) to an admin's login`,
    );
  }
}

async function main(): Promise<void> {
  try {
    await fetch(`${url}/api/health`);
  } catch {
    throw new DemoSeedError(
      `no measurement service at ${url}: start it first (npm start), or set MEASURE_URL`,
    );
  }
  await seedDemo({
    url,
    adminUsername,
    adminPassword: adminPassword(),
    log: (line) => console.log(`demo: ${line}`),
  });
  console.log(`\nDemo shop ready at ${url} — demo logins (for this demo only):`);
  for (const user of DEMO_USERS)
    console.log(`  ${user.role.padEnd(12)} ${user.username.padEnd(6)} ${user.password}`);
  console.log(`Recipe ${DEMO_RECIPE.code} is assigned to station ${DEMO_STATION}; open the station with`);
  console.log(
    `  STATION_CODE=${DEMO_STATION} MEASURE_API_URL=${url} npm run start:station   (then http://127.0.0.1:8001)`,
  );
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
