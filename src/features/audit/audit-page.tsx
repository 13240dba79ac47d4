import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { AuditEntryItem } from '@/components/audit-entry-item';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { PAGE_INTROS } from '@/lib/page-intros';
import { allAuditEntries, auditQueries, EXPORT_LIMIT } from '@/resources/audit';
import { AuditFilters } from './audit-filters';
import { filtersOf } from './audit-search';
import { download, jsonLines } from './export-audit';

const route = getRouteApi('/_app/audit/');

/** Who changed what and when: filters in the URL, newest first, "Load more" by cursor, export as JSON Lines. */
export function AuditPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filters = filtersOf(search);
  const log = useSuspenseInfiniteQuery(auditQueries.pages(filters));
  const entries = log.data.pages.flatMap((page) => page.data);
  const exporting = useExport(filters);

  return (
    <>
      <PageHeader
        {...PAGE_INTROS['/audit']}
        actions={
          <Button variant="default" onClick={exporting.start} loading={exporting.pending}>
            Export JSON Lines
          </Button>
        }
      />
      <AuditFilters
        search={search}
        entries={entries}
        onChange={(next) => {
          void navigate({ search: next, replace: true });
        }}
      />
      {exporting.note && (
        <Alert color={exporting.note.error ? 'red' : 'gray'} variant="light" mb="md" role="status" withCloseButton onClose={exporting.dismiss}>
          {exporting.note.text}
        </Alert>
      )}
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          No entries match these filters.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} aria-label="Audit entries">
          {entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {log.isFetchNextPageError && <ErrorState error={log.error} />}
      {log.hasNextPage && (
        <Center mt="md">
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
    </>
  );
}

/** Every entry of the filters, downloaded as `audit-log.jsonl`. */
function useExport(filters: ReturnType<typeof filtersOf>) {
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const start = () => {
    setPending(true);
    setNote(null);
    allAuditEntries(filters)
      .then(({ entries, complete }) => {
        download('audit-log.jsonl', jsonLines(entries), 'application/x-ndjson');
        setNote({
          text: complete
            ? `Exported ${String(entries.length)} entries.`
            : `Exported the newest ${String(EXPORT_LIMIT)} entries: narrow the dates to export older ones.`,
          error: false,
        });
      })
      .catch((error: unknown) => {
        setNote({ text: `The export failed: ${error instanceof Error ? error.message : String(error)}`, error: true });
      })
      .finally(() => {
        setPending(false);
      });
  };
  return {
    start,
    pending,
    note,
    dismiss: () => {
      setNote(null);
    },
  };
}
