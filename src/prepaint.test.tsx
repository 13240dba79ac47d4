import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_INTROS } from '@/lib/page-intros';
import { OUTSIDE_SHELL, prepaintPages } from './prepaint';

const { files, manifest } = prepaintPages();
const markupOf = (fileName: string) => files.find((file) => file.fileName === fileName)?.markup ?? '';

describe('prepainted pages', () => {
  it('draw each section’s heading and fixed description into its own page, inside the frame', () => {
    for (const [path, intro] of Object.entries(PAGE_INTROS)) {
      const markup = markupOf(manifest.pages[path] ?? '');
      expect(markup, path).toContain(`>${intro.title}</h1>`);
      if ('description' in intro) expect(markup, path).toContain(intro.description);
      expect(markup, path).toContain('class="shell-header"');
    }
  });

  it('draw the sign-in card with placeholders, not fields a visitor could type into before the code comes', () => {
    const markup = markupOf(manifest.pages['/sign-in'] ?? '');
    expect(markup).toContain('Sign in to Flowdeck');
    expect(markup).not.toMatch(/<input|<form/);
  });

  it('draw the frame alone, without a heading, for any other address inside the shell', () => {
    const markup = markupOf(manifest.shell);
    expect(markup).toContain('class="shell-header"');
    expect(markup).not.toContain('<h1');
  });

  it('leave out every route beside the shell', () => {
    // src/routes: __root and _app (the shell) aside, each top-level route file is an address outside the shell.
    const besideShell = readdirSync('src/routes', { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('_'))
      .map((entry) => `/${entry.name.replace(/\.tsx$/, '').replace(/\.\$[^.]+$/, '/')}`);
    expect(besideShell.sort()).toEqual([...OUTSIDE_SHELL].sort());
  });
});
