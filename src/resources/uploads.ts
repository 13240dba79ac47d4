import { queryOptions } from '@tanstack/react-query';
import { getUploadLimits } from '@/api/uploads';
import { resourceKeys } from './keys';

/** One value, no list and no items: the key is the resource alone. */
export const uploadLimitKeys = resourceKeys('upload-limits');

export const uploadQueries = {
  /** The largest file the service accepts: set when it starts, so read once. */
  limits: () => queryOptions({ queryKey: uploadLimitKeys.all(), queryFn: ({ signal }) => getUploadLimits({ signal }), staleTime: Infinity }),
};
