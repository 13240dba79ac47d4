// Relative, with its extension: the build's config reads this file too (scripts/after-paint-modules.ts), where `@/`
// does not resolve.
import { nextTask } from './lib/next-task.ts';

/** The <template> in which the build lists a page's first code (scripts/after-paint-modules.ts). */
export const AFTER_PAINT_ID = 'after-paint';

/** A phone spends a few milliseconds on each tag it adds (each starts a fetch): a few per task. */
const TAGS_PER_TASK = 4;

/**
 * Starts fetching the page's code the build listed (the boot's chunks, then the route's, with their styles): all
 * at once, beside the boot rather than after it. Called once the page has painted; the first tags are added before
 * it returns, the others in the tasks that follow. A page without the list (a card link) fetches its code as the
 * boot asks for it.
 */
export async function fetchListedCode(): Promise<void> {
  const listed = document.getElementById(AFTER_PAINT_ID);
  if (!(listed instanceof HTMLTemplateElement)) return;
  const tags = [...listed.content.children];
  for (let at = 0; at < tags.length; at += TAGS_PER_TASK) {
    if (at > 0) await nextTask();
    document.head.append(...tags.slice(at, at + TAGS_PER_TASK));
  }
}
