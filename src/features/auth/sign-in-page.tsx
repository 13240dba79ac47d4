import { Accordion, Alert, Button, Center, Checkbox, Code, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { type SubmitEvent, useState } from 'react';
import { z } from 'zod';
import { configureApi } from '@/api/api-session';
import { isApiError } from '@/api/errors';
import { listDestinationSpecs } from '@/api/specs';
import { type Caller, signIn, type SignInMethods } from '@/api/team';
import { useForgetSession } from '@/resources/service-support';
import { signInMethodsQuery } from '@/resources/sign-in';
import { clearSession, isThisSite, safeRedirect, saveSession, startBrowserSession, storedBaseUrl } from './session';

const baseUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s/]+/.test(value), 'Use an http or https address, or leave empty for this site');

const formSchema = z.object({ email: z.string().trim(), password: z.string(), apiKey: z.string().trim(), baseUrl: baseUrlSchema, remember: z.boolean() });
type FormValues = z.infer<typeof formSchema>;
type Field = 'email' | 'password' | 'apiKey' | 'baseUrl';
type FieldErrors = Partial<Record<Field, string>>;

/** What the form asks for: a key when one is typed, else the email and password (where this site takes them). */
type Attempt = { kind: 'key'; apiKey: string; baseUrl: string; remember: boolean } | { kind: 'password'; email: string; password: string };

/** The form's fields, read when it is sent: a handful of fields need no form library. */
function readSignIn(form: HTMLFormElement, methods: SignInMethods | null): { attempt: Attempt; errors: null } | { attempt: null; errors: FieldErrors } {
  const data = new FormData(form);
  const text = (name: string, fallback = '') => {
    const value = data.get(name);
    return typeof value === 'string' ? value : fallback;
  };
  const parsed = formSchema.safeParse({
    email: text('email'),
    password: text('password'),
    apiKey: text('apiKey'),
    baseUrl: text('baseUrl', storedBaseUrl()),
    remember: data.has('remember'),
  });
  if (!parsed.success) return { attempt: null, errors: { baseUrl: parsed.error.issues[0]?.message } };
  return attemptOf(parsed.data, methods?.password === true);
}

function attemptOf(values: FormValues, passwords: boolean): { attempt: Attempt; errors: null } | { attempt: null; errors: FieldErrors } {
  const { email, password, apiKey, baseUrl, remember } = values;
  if (apiKey !== '') return { attempt: { kind: 'key', apiKey, baseUrl, remember }, errors: null };
  if (!passwords || (email === '' && password === '')) {
    return { attempt: null, errors: { apiKey: passwords ? 'Enter your email and password, or an API key' : 'Enter your API key' } };
  }
  const errors: FieldErrors = {};
  if (!z.email().safeParse(email).success) errors.email = 'Enter your email address';
  if (password === '') errors.password = 'Enter your password';
  return Object.keys(errors).length > 0 ? { attempt: null, errors } : { attempt: { kind: 'password', email, password }, errors: null };
}

/** Why a sign-in failed, in words the person acts on. */
function failureOf(error: unknown, kind: Attempt['kind'], where: string): string {
  if (isApiError(error, 'unauthorized')) {
    return kind === 'key' ? 'That API key was not accepted. Check it and try again.' : 'That email and password do not match. Check them and try again.';
  }
  if (isApiError(error, 'network') || isApiError(error, 'timeout')) return `The service at ${where} could not be reached: ${error.message}`;
  return error instanceof Error ? error.message : 'Sign-in failed.';
}

/** Another service's key (the hosted service has no sessions): a cheap call that needs a valid key, then kept in storage. */
async function checkKey(apiKey: string, baseUrl: string): Promise<string | null> {
  configureApi({ token: apiKey, baseUrl });
  try {
    await listDestinationSpecs();
    return null;
  } catch (error) {
    if (isApiError(error, 'forbidden')) return null; // the key is valid; its plan lacks this one feature
    clearSession();
    return failureOf(error, 'key', baseUrl || 'this site');
  }
}

/** This site's own service: the key or the password starts a browser session (its cookie); nothing is kept here. */
async function startSession(attempt: Attempt): Promise<{ caller: Caller } | { failure: string }> {
  startBrowserSession();
  try {
    const caller = await signIn(attempt.kind === 'key' ? { key: attempt.apiKey } : { email: attempt.email, password: attempt.password });
    return { caller };
  } catch (error) {
    return { failure: failureOf(error, attempt.kind, 'this site') };
  }
}

interface SignInPageProps {
  redirect: string | undefined;
  /** `sso`: the identity provider's sign-in came back failed. */
  error?: string | undefined;
  demoKey?: string | undefined;
  demoPassword?: string | undefined;
}

/** What the service's `?error=` codes of an SSO sign-in mean to the person (server/auth/oidc.ts names them). */
const SSO_FAILURES: Record<string, string> = {
  sso: 'Your identity provider did not complete the sign-in. Try again, or use another way below.',
  sso_state: 'The sign-in expired, was already used, or was started in another tab or browser. Try again.',
  sso_denied: 'The sign-in was refused: your identity provider declined it, or your account there cannot be matched to one here. Ask an admin.',
  sso_failed: 'Your identity provider’s answer could not be verified (an expired or wrongly signed token). Try again.',
  sso_unavailable: 'Your identity provider could not be reached. Try again in a moment, or use another way below.',
};

export function SignInPage({ redirect, error, demoKey, demoPassword }: SignInPageProps) {
  const router = useRouter();
  const identity = useRouteContext({ from: '__root__', select: (context) => context.identity });
  const forgetSession = useForgetSession();
  const methods = useQuery(signInMethodsQuery()).data ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const target = safeRedirect(redirect);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { attempt, errors: invalid } = readSignIn(event.currentTarget, methods);
    setErrors(invalid ?? {});
    if (!attempt) return;
    setFailure(null);
    setSubmitting(true);
    const withSession = methods !== null && (attempt.kind === 'password' || isThisSite(attempt.baseUrl));
    if (withSession) {
      const outcome = await startSession(attempt);
      setSubmitting(false);
      if ('failure' in outcome) {
        setFailure(outcome.failure);
        return;
      }
      forgetSession();
      identity.know(outcome.caller);
    } else if (attempt.kind === 'key') {
      const problem = await checkKey(attempt.apiKey, attempt.baseUrl);
      setSubmitting(false);
      if (problem) {
        setFailure(problem);
        return;
      }
      saveSession({ token: attempt.apiKey, baseUrl: attempt.baseUrl }, attempt.remember);
      forgetSession();
    }
    router.history.push(target);
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%" component="main">
        <Stack>
          <div>
            <Title order={1} size="h2">
              Sign in to Flowdeck
            </Title>
            <Text c="dimmed" size="sm">
              {methods?.password
                ? `Use your email and password${methods.sso ? ', your organisation’s SSO' : ''} or an API key.`
                : 'Use an API key of your data-movement service.'}
            </Text>
          </div>
          {(demoKey ?? demoPassword) && (
            <Alert color="orange" variant="light" title="Demo build" role="note">
              The service is simulated in your browser. Sign in with the key <Code>{demoKey}</Code>
              {demoPassword && (
                <>
                  , or as <Code>vera@example.com</Code> (a viewer) with the password <Code>{demoPassword}</Code>
                </>
              )}
              .
            </Alert>
          )}
          {error?.startsWith('sso') && (
            <Alert color="red" title="SSO sign-in failed" role="alert">
              {SSO_FAILURES[error] ?? SSO_FAILURES.sso}
            </Alert>
          )}
          {failure && (
            <Alert color="red" title="Could not sign in" role="alert">
              {failure}
            </Alert>
          )}
          {methods?.sso && (
            <>
              <Button component="a" href={`/v2/auth/oidc/start?redirect=${encodeURIComponent(target)}`} variant="default">
                Sign in with SSO
              </Button>
              <Divider label="or" labelPosition="center" />
            </>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Stack>
              {methods?.password && (
                <>
                  <TextInput label="Email" type="email" autoComplete="username" name="email" error={errors.email} />
                  <PasswordInput label="Password" autoComplete="current-password" name="password" error={errors.password} />
                  <Divider label="or with an API key" labelPosition="center" />
                </>
              )}
              <PasswordInput label="API key" autoComplete="off" required={!methods?.password} error={errors.apiKey} name="apiKey" />
              <Checkbox
                label="Remember on this device"
                description="For a key of another service; this site’s own session ends when you sign out."
                name="remember"
              />
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
        </Stack>
      </Paper>
    </Center>
  );
}
