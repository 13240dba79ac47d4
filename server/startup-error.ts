/**
 * A reason the service cannot start that the user can fix: printed as one line, the cause and
 * then the command or setting that fixes it, never as a stack trace.
 */
export class StartupError extends Error {
  constructor(cause: string, fix: string) {
    super(`${cause}. To fix it: ${fix}`);
    this.name = 'StartupError';
  }
}

/** The one line to print for anything thrown while starting. */
export function startupMessage(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}
