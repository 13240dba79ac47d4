import { Accordion, Alert, Button, Center, Checkbox, Code, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { type SubmitEvent, useState } from 'react';
import { z } from 'zod';
import { configureApi } from '@/api/api-session';
import { isApiError } from '@/api/errors';
import { listDestinationSpecs } from '@/api/specs';
import { useForgetSession } from '@/resources/service-support';
import { clearSession, safeRedirect, saveSession, storedBaseUrl } from './session';

const signInSchema = z.object({
  apiKey: z.string().trim().min(1, 'Enter your API key'),
  baseUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || /^https?:\/\/[^\s/]+/.test(value), 'Use an http or https address, or leave empty for this site'),
  remember: z.boolean(),
});
type SignInValues = z.infer<typeof signInSchema>;
type FieldErrors = Partial<Record<keyof SignInValues, string>>;

/** The form's fields, read when it is sent: three fields need no form library. */
function readSignIn(form: HTMLFormElement): { values: SignInValues; errors: null } | { values: null; errors: FieldErrors } {
  const data = new FormData(form);
  const parsed = signInSchema.safeParse({ apiKey: data.get('apiKey') ?? '', baseUrl: data.get('baseUrl') ?? storedBaseUrl(), remember: data.has('remember') });
  if (parsed.success) return { values: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'apiKey' || field === 'baseUrl') && !errors[field]) errors[field] = issue.message;
  }
  return { values: null, errors };
}

/** A cheap call that needs a valid key: a wrong key is caught here, not on the first page. */
async function checkKey(values: SignInValues): Promise<string | null> {
  configureApi({ token: values.apiKey, baseUrl: values.baseUrl });
  try {
    await listDestinationSpecs();
    return null;
  } catch (error) {
    if (isApiError(error, 'forbidden')) return null; // the key is valid; its plan lacks this one feature
    clearSession();
    if (isApiError(error, 'unauthorized')) return 'That API key was not accepted. Check it and try again.';
    if (isApiError(error, 'network') || isApiError(error, 'timeout'))
      return `The service at ${values.baseUrl || 'this site'} could not be reached: ${error.message}`;
    return error instanceof Error ? error.message : 'Sign-in failed.';
  }
}

export function SignInPage({ redirect, demoKey }: { redirect: string | undefined; demoKey?: string | undefined }) {
  const router = useRouter();
  const forgetSession = useForgetSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { values, errors: invalid } = readSignIn(event.currentTarget);
    setErrors(invalid ?? {});
    if (!values) return;
    setFailure(null);
    setSubmitting(true);
    const problem = await checkKey(values);
    setSubmitting(false);
    if (problem) {
      setFailure(problem);
      return;
    }
    saveSession({ token: values.apiKey, baseUrl: values.baseUrl }, values.remember);
    forgetSession();
    router.history.push(safeRedirect(redirect));
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} component="main">
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Sign in to Flowdeck
              </Title>
              <Text c="dimmed" size="sm">
                Use an API key of your data-movement service.
              </Text>
            </div>
            {demoKey && (
              <Alert color="orange" variant="light" title="Demo build" role="note">
                The service is simulated in your browser. Sign in with the key <Code>{demoKey}</Code>.
              </Alert>
            )}
            {failure && (
              <Alert color="red" title="Could not sign in" role="alert">
                {failure}
              </Alert>
            )}
            <PasswordInput label="API key" autoComplete="current-password" required error={errors.apiKey} name="apiKey" />
            <Checkbox label="Remember on this device" name="remember" />
            <Accordion variant="contained">
              <Accordion.Item value="advanced">
                <Accordion.Control>Advanced</Accordion.Control>
                <Accordion.Panel>
                  <TextInput
                    label="Service base URL"
                    description="Leave empty to use the service this dashboard is served from."
                    placeholder="https://pipelines.example.com"
                    error={errors.baseUrl}
                    name="baseUrl"
                    defaultValue={storedBaseUrl()}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
            <Button type="submit" loading={isSubmitting}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
