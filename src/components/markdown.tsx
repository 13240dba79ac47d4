import { Anchor, Code, List, Text, Title, Typography } from '@mantine/core';
import ReactMarkdown, { type Components } from 'react-markdown';
import { safeHttpUrl } from '@/lib/urls';

// Specs' instructions come from the service: rendered as markdown, with raw HTML dropped and only
// http(s) links live. Images are not loaded from instructions at all (a tracking pixel is not help text).
const components: Components = {
  a: ({ href, children }) => {
    const safe = safeHttpUrl(href);
    if (!safe) return <Text span>{children}</Text>;
    return (
      <Anchor href={safe} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </Anchor>
    );
  },
  img: ({ alt }) =>
    alt ? (
      <Text span c="dimmed">
        [image: {alt}]
      </Text>
    ) : null,
  h1: ({ children }) => (
    <Title order={3} size="h4">
      {children}
    </Title>
  ),
  h2: ({ children }) => (
    <Title order={3} size="h5">
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title order={4} size="h6">
      {children}
    </Title>
  ),
  code: ({ children }) => <Code>{children}</Code>,
  ul: ({ children }) => <List size="sm">{children}</List>,
  ol: ({ children }) => (
    <List type="ordered" size="sm">
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
};

/** Keeps a URL only when it is http(s); react-markdown drops the attribute for an empty result. */
function urlTransform(url: string): string {
  return safeHttpUrl(url) ?? '';
}

export function Markdown({ children }: { children: string }) {
  return (
    <Typography fz="sm">
      <ReactMarkdown skipHtml urlTransform={urlTransform} components={components}>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
