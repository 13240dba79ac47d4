import pg from 'pg';

// Who may do what in the embedded Postgres. The service connects as SERVICE_ROLE: an ordinary role
// (not superuser, no CREATEDB or CREATEROLE, member of no predefined role such as
// pg_read_server_files) that owns the flowdeck database and what is in it (its tables, the pgboss
// schema of the job queue), and nothing else. The superuser is only used here, at start, to keep it so.

export const SERVICE_ROLE = 'flowdeck_service';
export const DATABASE = 'flowdeck';

/** Restated on every start, so no earlier setting (or older Flowdeck) can leave more behind. */
const ORDINARY = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT';

/** Creates (or corrects) the service role with this password, and gives it the flowdeck database. */
export async function provisionServiceRole(admin: pg.Client, password: string): Promise<void> {
  const role = admin.escapeIdentifier(SERVICE_ROLE);
  const exists = (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [SERVICE_ROLE])).rowCount === 1;
  await admin.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${role} ${ORDINARY} PASSWORD ${admin.escapeLiteral(password)}`);
  const memberships = await admin.query<{ name: string }>('SELECT roleid::regrole::text AS name FROM pg_auth_members WHERE member = $1::regrole', [
    SERVICE_ROLE,
  ]);
  for (const { name } of memberships.rows) await admin.query(`REVOKE ${admin.escapeIdentifier(name)} FROM ${role}`);
  const { rows } = await admin.query<{ owner: string }>('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1', [DATABASE]);
  const database = admin.escapeIdentifier(DATABASE);
  if (rows.length === 0) await admin.query(`CREATE DATABASE ${database} OWNER ${role}`);
  else if (rows[0]?.owner !== SERVICE_ROLE) await admin.query(`ALTER DATABASE ${database} OWNER TO ${role}`);
}

/**
 * Hands the service role what the superuser still owns in the flowdeck database: everything, in a
 * data folder from before this role existed, when the service connected as the superuser.
 * (REASSIGN OWNED cannot be used: that superuser also owns the system catalogs.)
 */
const HAND_OVER = `
DO $$
DECLARE
  item record;
  service oid := '${SERVICE_ROLE}'::regrole;
  keep oid[] := ARRAY[service, 'pg_database_owner'::regrole];
  ours oid[] := ARRAY(SELECT oid FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema');
BEGIN
  FOR item IN SELECT format('ALTER SCHEMA %I OWNER TO ${SERVICE_ROLE}', nspname) AS statement
    FROM pg_namespace WHERE oid = ANY(ours) AND nspowner <> ALL(keep)
  UNION ALL SELECT format('ALTER %s %s OWNER TO ${SERVICE_ROLE}',
      CASE relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, oid::regclass)
    FROM pg_class WHERE relnamespace = ANY(ours) AND relkind IN ('r', 'p', 'v', 'm', 'f') AND relowner <> service
  LOOP
    EXECUTE item.statement;
  END LOOP;
  -- After the tables, whose sequences and indexes went with them.
  FOR item IN SELECT format('ALTER SEQUENCE %s OWNER TO ${SERVICE_ROLE}', oid::regclass) AS statement
    FROM pg_class WHERE relnamespace = ANY(ours) AND relkind = 'S' AND relowner <> service
  UNION ALL SELECT format('ALTER %s %s OWNER TO ${SERVICE_ROLE}', CASE typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, oid::regtype)
    FROM pg_type WHERE typnamespace = ANY(ours) AND typtype IN ('e', 'd', 'r') AND typowner <> service
  UNION ALL SELECT format('ALTER ROUTINE %s OWNER TO ${SERVICE_ROLE}', oid::regprocedure)
    FROM pg_proc WHERE pronamespace = ANY(ours) AND proowner <> service
  LOOP
    EXECUTE item.statement;
  END LOOP;
END $$`;

export async function handOverToServiceRole(adminOnDatabase: pg.Client): Promise<void> {
  await adminOnDatabase.query(HAND_OVER);
}
