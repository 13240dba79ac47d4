import { Box, Code, Text } from '@mantine/core';
import classes from './json-tree.module.css';

/** Opened to this depth at first; deeper levels wait for a click, so a large definition stays readable. */
const OPEN_DEPTH = 2;

function Scalar({ value }: { value: unknown }) {
  if (value === null) return <span className={classes.null}>null</span>;
  if (typeof value === 'string') return <span className={classes.string}>{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className={classes.number}>{String(value)}</span>;
  if (typeof value === 'boolean') return <span className={classes.boolean}>{String(value)}</span>;
  return <span className={classes.null}>{typeof value}</span>;
}

function Node({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const label = name === null ? null : <span className={classes.key}>{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className={classes.row}>
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${String(entries.length)}]` : `{${String(entries.length)}}`;
  if (entries.length === 0) {
    return (
      <div className={classes.row}>
        {label}
        <span className={classes.punct}>{Array.isArray(value) ? '[]' : '{}'}</span>
      </div>
    );
  }
  return (
    <details open={depth < OPEN_DEPTH} className={classes.details}>
      <summary className={classes.summary}>
        {label}
        <span className={classes.punct}>{summary}</span>
      </summary>
      <div className={classes.children}>
        {entries.map(([key, child]) => (
          <Node key={key} name={key} value={child} depth={depth + 1} />
        ))}
      </div>
    </details>
  );
}

/** Opaque JSON (a workflow definition) as a tree whose objects and arrays open and close (keyboard too: they are <details>). */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  if (value === undefined) return <Text c="dimmed">Nothing to show.</Text>;
  return (
    <Box component="section" aria-label={label} className={classes.tree}>
      <Code block p="sm">
        <Node name={null} value={value} depth={0} />
      </Code>
    </Box>
  );
}
