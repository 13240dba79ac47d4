import { Alert } from '@mantine/core';
import { isMaskedSecret, type Properties, type PropertiesInput, type PropertyDefinition } from '@/api/common';
import { movedAddressProperties, secretsClearedBy } from '@/api/secret-binding';
import { fieldLabel } from './property-schema';

// Saving an edit that moves an address (host, base URL ...) without the secrets clears the saved
// secrets (src/api/secret-binding.ts, the same rule the service applies). The form says so before
// saving, so that nobody is surprised by a source that lost its token.

function listed(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

const hasSaved = (saved: Properties, name: string) => {
  const value = saved[name];
  return isMaskedSecret(value) || (typeof value === 'string' && value !== '');
};

/** The saved secrets that saving `changes` would clear. */
export function secretsClearedOnSave(definitions: readonly PropertyDefinition[], saved: Properties, changes: PropertiesInput): string[] {
  return secretsClearedBy(definitions, saved, changes, (name) => hasSaved(saved, name));
}

/** "Changing Base URL clears the saved API token; enter it again.", or null when `cleared` is empty. */
export function clearedSecretsMessage(
  definitions: readonly PropertyDefinition[],
  saved: Properties,
  changes: PropertiesInput,
  cleared: string[],
): string | null {
  if (cleared.length === 0) return null;
  const label = (name: string) => {
    const definition = definitions.find((candidate) => candidate.name === name);
    return definition ? fieldLabel(definition) : name;
  };
  const moved = movedAddressProperties(saved, changes).map(label);
  return `Changing ${listed(moved)} clears the saved ${listed(cleared.map(label))}; enter ${cleared.length === 1 ? 'it' : 'them'} again.`;
}

export function SecretBindingNotice({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert color="yellow" variant="light" role="status" title="Saved secrets will be cleared">
      {message}
    </Alert>
  );
}
