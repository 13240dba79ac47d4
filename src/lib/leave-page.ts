/** Sends the browser to another site (a card's redirect). One place, so tests can watch it. */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
