import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAGE_INTROS } from '@/lib/page-intros';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/** Holds every answer to GET `path` until the returned function is called. */
function holdAnswers(path: string): () => void {
  let release: (value?: unknown) => void = () => undefined;
  const later = new Promise((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(`*${path}`, async () => {
      await later;
      // Nothing answered here: the mock service answers once let through.
    }),
  );
  return () => {
    release();
  };
}

describe('first screen', () => {
  it('paints the frame, the page heading and the list skeleton at once while the page waits for its data, then the shell and the page', async () => {
    const release = holdAnswers('/v2/flows');
    renderApp('/flows');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByText('Flowdeck')).toBeInTheDocument();
    // The heading is the page's own: it does not move when the page replaces its skeleton.
    expect(screen.getByRole('heading', { level: 1, name: 'Flows' })).toBeInTheDocument();
    expect(screen.getByText(PAGE_INTROS['/flows'].description)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    release();
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Flows' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Flows' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('paints a page without a fixed heading with placeholders for it', async () => {
    const release = holdAnswers('/v2/flows/1');
    renderApp('/flows/1');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    release();
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  });

  it('keeps the overview timeline in its place while its runs load, then draws its rows', async () => {
    const release = holdAnswers('/v2/timeline');
    renderApp('/');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByRole('status', { name: 'Loading the timeline' })).toBeInTheDocument();
    release();
    expect(await within(timeline).findByRole('list', { name: 'Runs by flow and workflow' })).toBeInTheDocument();
    expect(within(timeline).queryByRole('status', { name: 'Loading the timeline' })).toBeNull();
  });
});
