import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function renderMarkdown(text: string) {
  return render(
    <MantineProvider env="test">
      <Markdown>{text}</Markdown>
    </MantineProvider>,
  );
}

describe('Markdown', () => {
  it('renders headings, lists, code and http(s) links that open safely', () => {
    renderMarkdown('## Connect\n\n1. Create a user: `CREATE USER x;`\n2. See [the docs](https://example.com/docs).');
    expect(screen.getByRole('heading', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('CREATE USER x;').tagName).toBe('CODE');
    const link = screen.getByRole('link', { name: 'the docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('drops raw HTML: no script element, no onerror handler', () => {
    const { container } = renderMarkdown(
      'Hello <script>window.pwned = true</script>\n\n<img src="x" onerror="window.pwned = true">\n\n<b onclick="alert(1)">bold</b>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('keeps javascript:, data: and relative links inert', () => {
    const { container } = renderMarkdown('[evil](javascript:alert(1)) [data](data:text/html,<b>x</b>) [relative](/v2/sources) [mail](mailto:a@b.c)');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('evil')).toBeInTheDocument();
    expect(container.innerHTML).not.toMatch(/javascript:|data:text/);
  });

  it('does not load images from instructions', () => {
    const { container } = renderMarkdown('![tracking pixel](https://tracker.example/p.gif)');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/image: tracking pixel/)).toBeInTheDocument();
  });
});
