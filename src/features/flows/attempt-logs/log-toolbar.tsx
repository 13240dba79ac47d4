import { Button, Chip, Group, Menu, TextInput } from '@mantine/core';
import { LOG_LEVELS } from '@/api/attempt-logs';
import { useReadWholeLog } from '@/resources/attempt-logs';
import { type KnownLevel, LEVEL_LABELS } from './filter-log-lines';
import { type LogFileFormat, logFileName, logFileText, saveFile } from './log-file';

interface LogToolbarProps {
  flowId: number;
  attemptId: number;
  levels: ReadonlySet<KnownLevel>;
  onLevels: (levels: ReadonlySet<KnownLevel>) => void;
  search: string;
  onSearch: (search: string) => void;
  hasError: boolean;
  onJumpToFirstError: () => void;
  live: boolean;
  following: boolean;
  onFollow: () => void;
}

const FILE_TYPES: Record<LogFileFormat, string> = { text: 'text/plain', jsonl: 'application/x-ndjson' };

/** The log's controls: levels, search, jump to the first error, follow, download. */
export function LogToolbar(props: LogToolbarProps) {
  const { flowId, attemptId, levels, search, live, following } = props;
  const whole = useReadWholeLog(flowId, attemptId);
  const download = (format: LogFileFormat) => {
    whole.mutate(undefined, {
      onSuccess: (lines) => {
        saveFile(logFileName(flowId, attemptId, format), logFileText(lines, format), FILE_TYPES[format]);
      },
    });
  };
  return (
    <Group gap="xs" wrap="wrap" align="end">
      <Chip.Group
        multiple
        value={LOG_LEVELS.filter((level) => levels.has(level))}
        onChange={(value) => {
          props.onLevels(new Set(value));
        }}
      >
        <Group gap={4} role="group" aria-label="Levels shown">
          {LOG_LEVELS.map((level) => (
            <Chip key={level} value={level} size="xs" variant="outline">
              {LEVEL_LABELS[level]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <TextInput
        size="xs"
        label="Search the log"
        placeholder="Text in a line"
        type="search"
        value={search}
        onChange={(event) => {
          props.onSearch(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 220 }}
      />
      <Button size="xs" variant="light" color="red" disabled={!props.hasError} onClick={props.onJumpToFirstError}>
        Jump to first error
      </Button>
      {live && (
        <Button size="xs" variant={following ? 'filled' : 'default'} aria-pressed={following} onClick={props.onFollow}>
          {following ? 'Following new lines' : 'Follow new lines'}
        </Button>
      )}
      <Menu position="bottom-end">
        <Menu.Target>
          <Button size="xs" variant="default" loading={whole.isPending}>
            Download
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            onClick={() => {
              download('text');
            }}
          >
            As text (.log)
          </Menu.Item>
          <Menu.Item
            onClick={() => {
              download('jsonl');
            }}
          >
            As JSON Lines (.jsonl)
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {whole.isError && <span role="alert">The log could not be downloaded: {whole.error.message}</span>}
    </Group>
  );
}
