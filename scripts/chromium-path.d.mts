export function chromiumCandidates(): string[];
export function findChromium(): string | undefined;
