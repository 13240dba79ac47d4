import { relative } from 'node:path';
import type { Rolldown } from 'vite';
import { AFTER_PAINT_ID } from '../src/after-paint.ts';

/**
 * The code a page needs first, as tags inside a <template> for the page the service sends: the chunks of each
 * module named (the boot, src/start.tsx; a route file's component and loader splits) and every chunk they import
 * statically, with their styles. The entry adds them to the document once the page has painted (src/after-paint.ts),
 * so the page's code is fetched and compiled beside the boot's, not after it (the router asks for a route's code
 * only once the boot has run). Inert until then: fetched before the first paint, it would take the bandwidth the
 * page's stylesheet needs.
 */
export function afterPaintTemplate(bundle: Rolldown.OutputBundle, root: string, modules: readonly string[]): string {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const add = (chunk: Rolldown.OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) add(next);
    }
  };
  for (const module of modules) {
    const found = chunks.filter((chunk) => chunk.moduleIds.some((id) => firstNeeded(relative(root, id), module)));
    if (found.length === 0) throw new Error(`after-paint: no chunk comes from ${module}`);
    found.forEach(add);
  }
  const tags = [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  return `<template id="${AFTER_PAINT_ID}">${tags.join('')}</template>`;
}

/** The module itself, or its route's split that the page draws or loads with (not its error or not-found parts). */
function firstNeeded(facade: string, module: string): boolean {
  const normalised = facade.split('\\').join('/');
  if (normalised === module) return true;
  const [file, split] = normalised.split('?tsr-split=');
  return file === module && (split?.split('---').some((part) => part === 'component' || part === 'loader') ?? false);
}
