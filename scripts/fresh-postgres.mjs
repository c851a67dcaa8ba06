// A PostgreSQL database of a script's own, made beside the one `adminUrl` names and dropped when
// the script is done with it: for scripts that start the site on PostgreSQL (the Node versions'
// check, the upload benchmark) without touching a database someone uses.
/**
 * Makes a database named `<prefix>_<pid>_<time>` on `adminUrl`'s server.
 * @param {string} adminUrl
 * @param {string} prefix
 */
export async function freshPostgres(adminUrl, prefix) {
  const { default: pg } = await import("pg");
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
