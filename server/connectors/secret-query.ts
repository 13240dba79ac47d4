// A query parameter whose name says it carries a credential (access_token, api_key, sig...). Its value
// must not leave the request: not in a resource's name, a resolver's notes or a log line.
const SECRET_QUERY = /([?&;](?:[a-z0-9_.-]*?(?:token|secret|password|passwd|pwd|key|signature|sig|auth|credential|session)[a-z0-9_.-]*)=)[^&#\s"'<>]*/gi;

/** The text with the values of credential-like query parameters replaced (by nothing, unless told). */
export function withoutSecretQueryValues(text: string, replacement = ''): string {
  return text.replace(SECRET_QUERY, `$1${replacement}`);
}
