// FLOWDECK_PROFILE=hosted: the service answers only what the hosted service offers (the interface
// document's operations and those the hosted documentation shows: flow status, create and update
// flow, source verify, connectors), so the dashboard's proxy mode can be proven against it. Every
// Flowdeck addition answers 404, as a service without it would. The list is the catalogue's (src/api/operations.ts).

export const PROFILES = ['flowdeck', 'hosted'] as const;
export type Profile = (typeof PROFILES)[number];

export function readProfile(raw: string | undefined): Profile {
  const value = raw === undefined || raw === '' ? 'flowdeck' : raw;
  const profile = PROFILES.find((candidate) => candidate === value);
  if (!profile) throw new Error(`FLOWDECK_PROFILE must be ${PROFILES.join(' or ')}, got "${value}".`);
  return profile;
}
