import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getSettings, type Settings, updateSettings, type UpdateSettingsInput, uploadLogo } from '@/api/settings';
import { resourceKeys } from './keys';
import { invalidateCardLists } from './cards';

/** One value, no list: the key is the resource alone. */
export const settingsKeys = resourceKeys('settings');

export const settingsQueries = {
  current: () => queryOptions({ queryKey: settingsKeys.all(), queryFn: ({ signal }) => getSettings({ signal }) }),
};

/** A change of address moves every link: the cards' urls are read again. */
function useSettingsAnswer() {
  const client = useQueryClient();
  return async (settings: Settings) => {
    client.setQueryData(settingsQueries.current().queryKey, settings);
    await invalidateCardLists(client);
  };
}

export function useUpdateSettings() {
  const answer = useSettingsAnswer();
  return useMutation({ mutationFn: (input: UpdateSettingsInput) => updateSettings(input), onSuccess: answer });
}

export function useUploadLogo() {
  const answer = useSettingsAnswer();
  return useMutation({ mutationFn: (file: Blob) => uploadLogo(file), onSuccess: answer });
}
