import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { type SubmitEvent, useState } from 'react';
import { isApiError } from '@/api/errors';
import { inspectLink, type LinkInfo, MIN_PASSWORD_LENGTH, useLink as spendLink } from '@/api/team';
import { useForgetSession } from '@/resources/service-support';
import { startBrowserSession } from './session';

// A single-use link (an invitation, a password reset, the first start's sign-in): its token is in the
// fragment, so it never reaches a server log. The page says whose link it is, asks for a password when the
// link sets one, uses the link once and lands in the dashboard.

const HEADINGS: Record<LinkInfo['purpose'], string> = {
  invitation: 'Welcome to Flowdeck',
  reset: 'Set a new password',
  'sign-in': 'Sign in to Flowdeck',
};

function linkProblem(error: unknown): string {
  if (isApiError(error, 'not_found')) return 'This link is not valid: check that it was copied whole, or ask an admin for a new one.';
  if (isApiError(error, 'gone')) return error.message;
  return error instanceof Error ? error.message : 'The link could not be read.';
}

/** `token`: the fragment's, or null when the address carries none. */
export function WelcomePage({ token }: { token: string | null }) {
  const link = useQuery({
    queryKey: ['single-use-link', token],
    queryFn: () => {
      startBrowserSession();
      return inspectLink(token ?? '');
    },
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={440} maw="100%" component="main">
        {token === null ? (
          <Problem text="This address carries no link. Open the whole link you were sent." />
        ) : link.isPending ? (
          <Text role="status">Reading the link…</Text>
        ) : link.isError ? (
          <Problem text={linkProblem(link.error)} />
        ) : (
          <UseLinkForm token={token} info={link.data} />
        )}
      </Paper>
    </Center>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <Stack>
      <Title order={1} size="h2">
        This link cannot be used
      </Title>
      <Alert color="red" role="alert">
        {text}
      </Alert>
      <Button component="a" href="/sign-in" variant="default">
        Go to sign-in
      </Button>
    </Stack>
  );
}

function UseLinkForm({ token, info }: { token: string; info: LinkInfo }) {
  const router = useRouter();
  const identity = useRouteContext({ from: '__root__', select: (context) => context.identity });
  const forgetSession = useForgetSession();
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const setsPassword = info.purpose !== 'sign-in';

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const password = field('password');
    if (setsPassword) {
      const invalid = {
        ...(password.length < MIN_PASSWORD_LENGTH ? { password: `Use at least ${String(MIN_PASSWORD_LENGTH)} characters` } : {}),
        ...(password !== field('confirm') ? { confirm: 'The two passwords differ' } : {}),
      };
      setErrors(invalid);
      if (Object.keys(invalid).length > 0) return;
    }
    setPending(true);
    setFailure(null);
    try {
      const caller = await spendLink(setsPassword ? { token, password } : { token });
      forgetSession();
      identity.know(caller);
      router.history.replace('/');
    } catch (error) {
      setFailure(linkProblem(error));
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack>
        <div>
          <Title order={1} size="h2">
            {HEADINGS[info.purpose]}
          </Title>
          <Text c="dimmed" size="sm">
            {info.purpose === 'invitation'
              ? `${info.name}, choose a password to sign in as ${info.email}.`
              : info.purpose === 'reset'
                ? `A new password for ${info.name} (${info.email}).`
                : `This link signs in ${info.name} (${info.email}) once.`}
          </Text>
        </div>
        {failure && (
          <Alert color="red" title="Could not use the link" role="alert">
            {failure}
          </Alert>
        )}
        {setsPassword && (
          <>
            <input type="email" name="username" value={info.email} autoComplete="username" readOnly hidden />
            <PasswordInput
              label="New password"
              description={`At least ${String(MIN_PASSWORD_LENGTH)} characters.`}
              autoComplete="new-password"
              name="password"
              required
              error={errors.password}
            />
            <PasswordInput label="New password again" autoComplete="new-password" name="confirm" required error={errors.confirm} />
          </>
        )}
        <Button type="submit" loading={pending}>
          {setsPassword ? 'Set password and sign in' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
