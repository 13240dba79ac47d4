import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLES = join('node_modules', '@mantine', 'core', 'styles');
const listed = [...readFileSync(join('src', 'mantine-styles.css'), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([^']+)\.css';/g)].map(
  (match) => match[1] ?? '',
);

/** Every name the dashboard's own source imports from @mantine/core (tests aside). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
          for (const name of (match[1] ?? '').split(','))
            names.add(
              name
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0] ?? '',
            );
        }
      }
    }
  };
  visit('src');
  return names;
}

describe("Mantine's styles", () => {
  it('lists a stylesheet for every Mantine component the dashboard imports that has one', () => {
    const missing = [...importedNames()].filter((name) => existsSync(join(STYLES, `${name}.css`)) && !listed.includes(name));
    expect(missing).toEqual([]);
  });

  it('lists existing files, the global ones first, in the order of the full stylesheet', () => {
    expect(listed.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const full = readFileSync(join('node_modules', '@mantine', 'core', 'styles.css'), 'utf8');
    const positions = listed.map((name) =>
      full.indexOf(
        readFileSync(join(STYLES, `${name}.css`), 'utf8')
          .trim()
          .slice(0, 200),
      ),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
