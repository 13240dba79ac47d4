import { Alert, Button, Group, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorCode, type FileRejection, useDropzone } from 'react-dropzone';
import { isApiError } from '@/api/errors';
import { type Upload, type UploadOptions, type UploadProgress, uploadFile, UploadTooLargeError } from '@/api/uploads';
import { uploadQueries } from '@/resources/uploads';
import { ALLOWED, type Permission } from '@/lib/permissions';

// "Upload a CSV file" above a csv source's location: the file goes to the service's allowed folder and
// the location is filled in with where it landed, so a local user never has to pick a folder. A card's
// recipient uploads through the card instead (its own sender and limit, and words that name no folder).

const ACCEPT = { 'text/csv': ['.csv'], 'text/tab-separated-values': ['.tsv'], 'text/plain': ['.txt'] };

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** `812 bytes`, `12.5 MiB`, `1 GiB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit] ?? ''}`;
}

const tooLargeText = (name: string, size: number, limit: number | null | undefined) =>
  limit
    ? `“${name}” (${formatBytes(size)}) is larger than the upload limit of ${formatBytes(limit)}.`
    : `“${name}” (${formatBytes(size)}) is larger than the service accepts.`;

function rejectionText(rejection: FileRejection, limit: number | undefined): string {
  const { file, errors } = rejection;
  const codes = errors.map((error) => error.code);
  if (codes.includes(ErrorCode.TooManyFiles)) return 'Drop one file at a time.';
  if (codes.includes(ErrorCode.FileInvalidType)) return `“${file.name}” is not a CSV file: choose a .csv, .tsv or .txt file.`;
  if (codes.includes(ErrorCode.FileTooLarge)) return tooLargeText(file.name, file.size, limit);
  return errors[0]?.message ?? `“${file.name}” cannot be uploaded.`;
}

/** A Cancel (by name: the DOMException may come from another realm than this page's global). */
const isAbort = (error: unknown) => error instanceof Object && 'name' in error && error.name === 'AbortError';

interface CsvUploadWords {
  /** Under the drop zone, before the limit. */
  hint: string;
  /** Once uploaded, after the size. */
  done: string;
}

const DASHBOARD_WORDS: CsvUploadWords = {
  hint: "It is stored in the service's files folder and its path filled in below",
  done: 'stored on the service. Its path is filled in below: save to use it.',
};

export interface CsvUploadProps {
  onUploaded: (upload: Upload) => void;
  /** How the file is sent; the dashboard's upload by default. */
  send?: (file: File, options: UploadOptions) => Promise<Upload>;
  /** The largest file taken, when the caller knows it (else asked of the service). */
  limitBytes?: number;
  words?: CsvUploadWords;
  /** Whether the signed-in role may upload: when not, the zone shows disabled and says why in place of its hint. */
  permission?: Permission;
}

export function CsvUpload({ onUploaded, send = uploadFile, limitBytes, words = DASHBOARD_WORDS, permission = ALLOWED }: CsvUploadProps) {
  const limits = useQuery({ ...uploadQueries.limits(), enabled: limitBytes === undefined });
  const limit = limitBytes ?? limits.data?.limitBytes;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress>({ loaded: 0, total: 0 });
  const [refused, setRefused] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const labelId = useId();
  const hintId = useId();

  const upload = useMutation({
    mutationFn: (chosen: File) => {
      controller.current = new AbortController();
      return send(chosen, { signal: controller.current.signal, onProgress: setProgress });
    },
    onSuccess: onUploaded,
  });
  // Leaving the form stops an upload that nobody would use.
  useEffect(() => () => controller.current?.abort(), []);

  const dropzone = useDropzone({
    accept: ACCEPT,
    multiple: false,
    maxSize: limit,
    disabled: upload.isPending || !permission.allowed,
    onDrop: (accepted, rejections) => {
      const [first] = rejections;
      const chosen = accepted[0];
      setRefused(first ? rejectionText(first, limit) : null);
      if (first || !chosen) return;
      setFile(chosen);
      setProgress({ loaded: 0, total: chosen.size });
      upload.mutate(chosen);
    },
  });

  // A service without uploads (proxy mode in front of another one): typing a path is the way.
  if (isApiError(limits.error, 'not_found')) return null;

  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const failure = upload.error && !isAbort(upload.error) ? upload.error : null;

  return (
    <Stack gap={6} component="section" aria-labelledby={labelId}>
      <Input.Label id={labelId} labelElement="div">
        Upload a CSV file
      </Input.Label>
      {upload.isSuccess ? (
        <Alert color="teal" variant="light" role="status" title={`Uploaded “${upload.data.name}”`}>
          <Stack gap="xs">
            <Text size="sm">
              {formatBytes(upload.data.size)} {words.done}
            </Text>
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              onClick={() => {
                upload.reset();
              }}
            >
              Upload another file
            </Button>
          </Stack>
        </Alert>
      ) : upload.isPending && file ? (
        <Paper withBorder p="md" radius="md" role="status" aria-label="Upload progress">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                Uploading “{file.name}”
              </Text>
              <Text size="sm" c="dimmed">
                {formatBytes(progress.loaded)} of {formatBytes(file.size)} ({percent} %)
              </Text>
            </Group>
            <Progress value={percent} size="lg" aria-label={`Uploading ${file.name}`} animated={percent < 100} />
            <Button variant="default" size="xs" w="fit-content" onClick={() => controller.current?.abort()}>
              Cancel upload
            </Button>
          </Stack>
        </Paper>
      ) : (
        <div>
          {/* Beside the zone, not in it: a control nested in a button is lost to assistive technology. */}
          <input {...dropzone.getInputProps({ 'aria-label': 'CSV file' })} />
          <Paper
            {...dropzone.getRootProps({
              role: 'button',
              'aria-labelledby': labelId,
              'aria-describedby': hintId,
              'aria-disabled': !permission.allowed || undefined,
            })}
            className="mantine-focus-auto"
            p="lg"
            radius="md"
            bd={`2px dashed ${dropzone.isDragActive ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-border)'}`}
            bg={dropzone.isDragActive ? 'var(--mantine-color-blue-light)' : undefined}
            style={{ cursor: permission.allowed ? 'pointer' : 'not-allowed', textAlign: 'center' }}
          >
            <Text size="sm" fw={500}>
              {dropzone.isDragActive ? 'Drop the file to upload it' : 'Drop a CSV file here, or choose one'}
            </Text>
            <Text id={hintId} size="xs" c="dimmed" mt={4}>
              {permission.reason ?? (
                <>
                  {words.hint}
                  {limit ? `. Up to ${formatBytes(limit)}.` : '.'}
                </>
              )}
            </Text>
          </Paper>
        </div>
      )}
      {refused && (
        <Alert color="red" variant="light" role="alert" title="This file was not uploaded">
          {refused}
        </Alert>
      )}
      {failure && file && (
        <Alert color="red" variant="light" role="alert" title="The upload failed">
          {failure instanceof UploadTooLargeError ? tooLargeText(file.name, file.size, failure.limitBytes ?? limit) : failure.message}
        </Alert>
      )}
      {isAbort(upload.error) && (
        <Text size="sm" c="dimmed" role="status">
          Upload cancelled: nothing was kept.
        </Text>
      )}
    </Stack>
  );
}
