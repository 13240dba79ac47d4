import { Alert, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type CardForRecipient, closedCardReason, submitCard, uploadCardFile, verifyCard } from '@/api/cards';
import type { PropertiesInput } from '@/api/common';
import { CsvUpload } from '@/components/csv-upload';
import { ConnectionCheckResult, useConnectionCheck } from '@/components/connection-check';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { type PropertyAddon, PropertyForm } from '@/components/property-form/property-form';
import { leavePageFor } from '@/lib/leave-page';
import { recipientDefinitions, safeRedirect, testFailed } from './recipient-form-rules';

const UPLOAD_WORDS = {
  hint: 'It goes only to the team that asked, and is used when you send this form',
  done: 'uploaded. It is used when you send this form.',
};

interface Props {
  card: CardForRecipient;
  /** The card was used, revoked or expired while the form was open: the error the service answered. */
  onClosed: (error: unknown) => void;
  onSent: () => void;
}

/** The spec's form for the recipient, with Test connection on what was typed and the file upload where the spec reads one. */
export function CardRecipientForm({ card, onClosed, onSent }: Props) {
  const [typed, setTyped] = useState<PropertiesInput>({});
  const check = useConnectionCheck(() => verifyCard(card.hashId, { properties: typed }));
  const spec = card.sourceSpec;
  const definitions = useMemo(() => recipientDefinitions(spec.propertyDefinitions, card.propertiesSet), [spec.propertyDefinitions, card.propertiesSet]);
  const addons = useMemo((): Record<string, PropertyAddon> => {
    const offer = card.upload;
    if (!offer) return {};
    return {
      [offer.property]: (fill) => (
        <CsvUpload
          send={(file, options) => uploadCardFile(card.hashId, file, options)}
          limitBytes={offer.limitBytes}
          words={UPLOAD_WORDS}
          onUploaded={(upload) => {
            fill(upload.location);
          }}
        />
      ),
    };
  }, [card.upload, card.hashId]);

  const send = async (properties: PropertiesInput) => {
    let answer;
    try {
      answer = await submitCard(card.hashId, { properties });
    } catch (error) {
      if (closedCardReason(error) !== null) {
        onClosed(error);
        return;
      }
      throw error;
    }
    const redirect = safeRedirect(answer.redirectTo);
    onSent();
    if (redirect) leavePageFor(redirect);
  };

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: spec.instructions ? 7 : 12 }}>
        <Stack gap="md">
          <PropertyForm
            definitions={definitions}
            requiredCheck="enforce"
            allowEmptySubmit={false}
            defaults="hidden"
            emptyMessage="Fill in the fields you were asked for: nothing was sent."
            submitLabel="Send configuration"
            addons={addons}
            onPendingChange={setTyped}
            onSubmit={(changes) => send(changes.properties)}
            footer={
              <Button
                variant="default"
                loading={check.run.isPending}
                onClick={() => {
                  check.run.mutate();
                }}
              >
                Test connection
              </Button>
            }
          />
          {testFailed(check.run.data) && (
            <Alert color="orange" variant="light" title="The last test failed" role="status">
              You can still send the configuration, but it will probably not work until the failures below are fixed.
            </Alert>
          )}
          <ConnectionCheckResult state={check} label="Test connection" what="source" notFoundMessage="This link no longer exists." />
          <Text size="xs" c="dimmed">
            Test connection checks what you typed without sending it: nothing is saved until you send.
          </Text>
        </Stack>
      </Grid.Col>
      {spec.instructions && (
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" component="aside" aria-label="Setup instructions">
            <Title order={2} size="h5" mb="xs">
              How to find these values
            </Title>
            <LazyMarkdown>{spec.instructions}</LazyMarkdown>
          </Paper>
        </Grid.Col>
      )}
    </Grid>
  );
}
