/** The run operations' answer, 201 `{ message: "Created" }`, word for word as the hosted service says it (clients compare it). */
export const RUN_CREATED = 'Created';
