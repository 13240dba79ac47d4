import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { usePermission } from '@/resources/identity';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LOGO_LIMIT_BYTES, type Settings } from '@/api/settings';
import { ErrorState } from '@/components/error-state';
import { LinkAddressNotice } from '@/components/link-address-notice';
import { PageHeader } from '@/components/page-header';
import { PAGE_INTROS } from '@/lib/page-intros';
import { settingsQueries, useUpdateSettings, useUploadLogo } from '@/resources/settings';

// Settings any key holder may change until keys have roles (issue 33): the address links are built on, the
// team a card's recipient reads as asking, its logo, and the hosts a card may send its recipient back to.

const lines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function PublicAddress({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [value, setValue] = useState(settings.publicUrl ?? '');
  return (
    <Section title="Public address">
      <LinkAddressNotice settings={settings} howTo="Set the address people use to reach it below, or start the service with FLOWDECK_PUBLIC_URL." />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ publicUrl: value.trim() === '' ? null : value.trim() });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Public address"
            description="The address people use to reach this Flowdeck, such as https://flowdeck.example.com. Card links, their QR codes, webhook URLs and alert links start with it."
            placeholder="https://flowdeck.example.com"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
            }}
            disabled={settings.environmentPublicUrl !== null}
          />
          {settings.environmentPublicUrl !== null && (
            <Text size="sm" c="dimmed">
              FLOWDECK_PUBLIC_URL is set to {settings.environmentPublicUrl} where the service starts: it wins over this setting.
            </Text>
          )}
          {update.isError && <ErrorState error={update.error} />}
          {update.isSuccess && (
            <Text size="sm" role="status" c="teal.9">
              Saved. Links now start with {update.data.linkOrigin}.
            </Text>
          )}
          <Button type="submit" w="fit-content" loading={update.isPending} disabled={settings.environmentPublicUrl !== null}>
            Save address
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

function Team({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const logo = useUploadLogo();
  const [name, setName] = useState(settings.organizationName ?? '');
  return (
    <Section title="Team">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ organizationName: name.trim() === '' ? null : name.trim() });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Team or company name"
            description="The recipient of a configuration link reads that this team asks."
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
            }}
            error={update.error?.message}
          />
          {update.isSuccess && (
            <Text size="sm" role="status" c="teal.9">
              Saved.
            </Text>
          )}
          <Button type="submit" w="fit-content" loading={update.isPending}>
            Save name
          </Button>
        </Stack>
      </form>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Logo
        </Text>
        {settings.logoUrl ? (
          <Image src={settings.logoUrl} alt="Team logo" h={48} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No logo yet.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          PNG, JPEG or SVG (without scripts), up to {String(LOGO_LIMIT_BYTES / 1024)} KiB. Shown on the recipient’s page.
        </Text>
        <Group gap="xs">
          <FileButton
            accept="image/png,image/jpeg,image/svg+xml"
            onChange={(file) => {
              if (file) logo.mutate(file);
            }}
          >
            {(props) => (
              <Button {...props} variant="default" loading={logo.isPending}>
                Upload logo
              </Button>
            )}
          </FileButton>
          {settings.logoUrl && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                update.mutate({ logoUrl: null });
              }}
            >
              Remove logo
            </Button>
          )}
        </Group>
        {logo.isError && <ErrorState error={logo.error} />}
      </Stack>
    </Section>
  );
}

function Redirects({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [text, setText] = useState(settings.allowedRedirects.join('\n'));
  return (
    <Section title="Allowed redirects">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ allowedRedirects: lines(text) });
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Hosts a card may send its recipient back to"
            description="One host per line, such as partner.example.com (a port may follow). Only https addresses on these hosts are taken."
            rows={4}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
            }}
          />
          {update.isError && <ErrorState error={update.error} />}
          {update.isSuccess && (
            <Text size="sm" role="status" c="teal.9">
              Saved.
            </Text>
          )}
          <Button type="submit" w="fit-content" loading={update.isPending}>
            Save hosts
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

export function SettingsPage() {
  const { data: settings } = useSuspenseQuery(settingsQueries.current());
  const may = usePermission('updateSettings');
  return (
    <>
      <PageHeader {...PAGE_INTROS['/settings']} />
      {!may.allowed && (
        <Alert color="gray" variant="light" mb="lg" role="note" title="You can read these settings">
          {may.reason}
        </Alert>
      )}
      {/* A role that may not change them sees every field and button disabled, the reason above. */}
      <fieldset disabled={!may.allowed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg" maw={720}>
          <PublicAddress settings={settings} />
          <Team settings={settings} />
          <Redirects settings={settings} />
        </Stack>
      </fieldset>
    </>
  );
}
