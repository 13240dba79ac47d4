import { Box, Card, Group, Stack, Text } from '@mantine/core';
import type { ViewProps } from './columns';
import classes from './card-view.module.css';

/**
 * Each row a card: the primary column as its title, the other kept fields as label and value, the actions
 * (columns without a header) at the end. A list of cards never scrolls sideways.
 */
export function CardView<T>({ label, columns, shown, context, isSelected, highlightSelected = true, busy, virtual }: ViewProps<T, HTMLLIElement>) {
  const kept = columns.filter((column) => !column.hideInCard);
  const primary = kept.find((column) => column.primary);
  const fields = kept.filter((column) => column !== primary && column.header !== '');
  const actions = kept.filter((column) => column !== primary && column.header === '');
  return (
    <Box component="ul" aria-label={label} aria-busy={busy} className={classes.list} style={{ paddingTop: virtual?.padTop, paddingBottom: virtual?.padBottom }}>
      {shown.map(({ row, index, key }) => {
        const selected = isSelected?.(row) ?? false;
        return (
          <li
            key={key}
            ref={virtual?.measure}
            data-index={index}
            aria-setsize={virtual?.count}
            aria-posinset={virtual ? index + 1 : undefined}
            className={classes.item}
          >
            <Card withBorder padding="sm" radius="md" bg={highlightSelected && selected ? 'var(--mantine-primary-color-light)' : undefined}>
              <Stack gap={6}>
                {primary && <div className={classes.title}>{primary.cell(row, context, selected)}</div>}
                {fields.length > 0 && (
                  <dl className={classes.fields}>
                    {fields.map((column) => (
                      <div key={column.key} className={classes.field}>
                        <Text component="dt" size="xs" c="dimmed">
                          {column.header}
                        </Text>
                        <Text component="dd" size="sm">
                          {column.cell(row, context, selected)}
                        </Text>
                      </div>
                    ))}
                  </dl>
                )}
                {actions.length > 0 && (
                  <Group gap="xs" justify="flex-end">
                    {actions.map((column) => (
                      <div key={column.key}>{column.cell(row, context, selected)}</div>
                    ))}
                  </Group>
                )}
              </Stack>
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
