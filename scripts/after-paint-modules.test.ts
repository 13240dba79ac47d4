import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { afterPaintTemplate } from './after-paint-modules.ts';

const root = '/project';

function chunk(fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds: moduleIds.map((id) => `${root}/${id}`),
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rolldown.OutputChunk;
}

const bundle = Object.fromEntries(
  [
    chunk('assets/initial.js', ['src/start.tsx', 'src/app.tsx'], ['assets/framework.js']),
    chunk('assets/framework.js', ['node_modules/react/index.js']),
    chunk('assets/flows.js', ['src/routes/_app/flows/index.tsx?tsr-split=component'], ['assets/table.js', 'assets/framework.js'], ['assets/flows.css']),
    chunk('assets/table.js', ['src/components/table.tsx'], [], ['assets/table.css']),
    chunk('assets/flows-error.js', ['src/routes/_app/flows/index.tsx?tsr-split=errorComponent'], ['assets/framework.js']),
    chunk('assets/overview-loader.js', ['src/routes/_app/index.tsx?tsr-split=loader']),
    chunk('assets/chart.js', ['src/components/chart.tsx']),
  ].map((each) => [each.fileName, each]),
) as Rolldown.OutputBundle;

const hrefs = (template: string, rel: string) => [...template.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)">`, 'g'))].map((match) => match[1]);

describe('afterPaintTemplate', () => {
  it('lists the chunks of each module and all they import statically, once each, with their styles, in an inert template', () => {
    const template = afterPaintTemplate(bundle, root, ['src/start.tsx', 'src/routes/_app/flows/index.tsx']);
    expect(template).toMatch(/^<template id="after-paint">.*<\/template>$/);
    expect(hrefs(template, 'modulepreload')).toEqual(['/assets/initial.js', '/assets/framework.js', '/assets/flows.js', '/assets/table.js']);
    expect(hrefs(template, 'preload')).toEqual(['/assets/flows.css', '/assets/table.css']);
  });

  it('takes a route’s loader and component, not the parts drawn only on an error or for a missing page, nor what loads on demand', () => {
    expect(hrefs(afterPaintTemplate(bundle, root, ['src/routes/_app/index.tsx']), 'modulepreload')).toEqual(['/assets/overview-loader.js']);
    const flows = afterPaintTemplate(bundle, root, ['src/routes/_app/flows/index.tsx']);
    expect(flows).not.toContain('flows-error');
    expect(flows).not.toContain('chart');
  });

  it('fails the build when a module named has no chunk (a renamed route would otherwise be listed as nothing)', () => {
    expect(() => afterPaintTemplate(bundle, root, ['src/routes/_app/renamed/index.tsx'])).toThrow(
      'after-paint: no chunk comes from src/routes/_app/renamed/index.tsx',
    );
  });
});
