import { one, type Queryable } from '../db/pool';

// The service's settings (migration 020): one row, made by the migration.

export interface SettingsRow {
  public_url: string | null;
  organization_name: string | null;
  logo_type: string | null;
  logo_version: string | null;
  allowed_redirects: string[];
  updated_at: Date;
}

const COLUMNS = 'public_url, organization_name, logo_type, logo_version, allowed_redirects, updated_at';

export async function readSettings(db: Queryable): Promise<SettingsRow> {
  const { rows } = await db.query<SettingsRow>(`SELECT ${COLUMNS} FROM settings`);
  return one(rows);
}

export interface SettingsChanges {
  publicUrl?: string | null;
  organizationName?: string | null;
  allowedRedirects?: string[];
  /** Removes the logo. */
  removeLogo?: boolean;
}

/** Changes only what is given. */
export async function updateSettingsRow(db: Queryable, changes: SettingsChanges): Promise<SettingsRow> {
  const { rows } = await db.query<SettingsRow>(
    `UPDATE settings SET
       public_url = CASE WHEN $1::boolean THEN $2::text ELSE public_url END,
       organization_name = CASE WHEN $3::boolean THEN $4::text ELSE organization_name END,
       allowed_redirects = COALESCE($5::text[], allowed_redirects),
       logo = CASE WHEN $6::boolean THEN NULL ELSE logo END,
       logo_type = CASE WHEN $6::boolean THEN NULL ELSE logo_type END,
       logo_version = CASE WHEN $6::boolean THEN NULL ELSE logo_version END,
       updated_at = now()
     RETURNING ${COLUMNS}`,
    [
      changes.publicUrl !== undefined,
      changes.publicUrl ?? null,
      changes.organizationName !== undefined,
      changes.organizationName ?? null,
      changes.allowedRedirects ?? null,
      changes.removeLogo === true,
    ],
  );
  return one(rows);
}

export async function storeLogo(db: Queryable, logo: { bytes: Buffer; type: string; version: string }): Promise<SettingsRow> {
  const { rows } = await db.query<SettingsRow>(`UPDATE settings SET logo = $1, logo_type = $2, logo_version = $3, updated_at = now() RETURNING ${COLUMNS}`, [
    logo.bytes,
    logo.type,
    logo.version,
  ]);
  return one(rows);
}

export async function readLogo(db: Queryable): Promise<{ bytes: Buffer; type: string; version: string } | undefined> {
  const { rows } = await db.query<{ logo: Buffer | null; logo_type: string | null; logo_version: string | null }>(
    'SELECT logo, logo_type, logo_version FROM settings',
  );
  const row = rows[0];
  return row?.logo && row.logo_type && row.logo_version ? { bytes: row.logo, type: row.logo_type, version: row.logo_version } : undefined;
}
