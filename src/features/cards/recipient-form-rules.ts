import type { PropertyDefinition } from '@/api/common';
import type { VerificationMessage } from '@/api/destinations';

// How a card's form reads to its recipient: a required property already on file need not be typed again
// (the service keeps it), every other required one must be; a test that found a fault is remembered.

export const ON_FILE_NOTE = 'Already on file: leave it empty to keep it.';

export function recipientDefinitions(definitions: readonly PropertyDefinition[], propertiesSet: readonly string[]): PropertyDefinition[] {
  return definitions.map((definition) => {
    if (!propertiesSet.includes(definition.name)) return definition;
    const description = [definition.description, ON_FILE_NOTE].filter(Boolean).join(' ');
    return { ...definition, required: false, description };
  });
}

/** Where a redirect may take the recipient: https only (the service checked the host when the card was made). */
export function safeRedirect(redirectTo: string | undefined): string | null {
  if (!redirectTo || !URL.canParse(redirectTo)) return null;
  return new URL(redirectTo).protocol === 'https:' ? redirectTo : null;
}

export const testFailed = (messages: readonly VerificationMessage[] | undefined) => messages?.some((message) => message.isError) === true;
