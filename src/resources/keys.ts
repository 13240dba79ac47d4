/**
 * The one shape of every query key: `[resource]`, `[resource, 'list', params?]` and
 * `[resource, 'detail', id, ...sub]`. Everything cached about one item (a flow's status and attempts, a
 * workflow's triggers, a source's cards) sits under its detail key, so one prefix refreshes or forgets it all.
 * A sub-resource listed and read by id (a workflow's webhook triggers) takes the same shape below its parent.
 */
export function resourceKeys<const P extends readonly unknown[]>(...path: P) {
  return {
    all: () => path,
    list: <const Params = undefined>(params?: Params) => (params === undefined ? ([...path, 'list'] as const) : ([...path, 'list', params] as const)),
    detail: <const S extends readonly unknown[]>(id: number | string, ...sub: S) => [...path, 'detail', id, ...sub] as const,
  };
}
