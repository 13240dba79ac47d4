import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_API_KEYS } from '@/mock-service/auth';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// A role below editing workflows sees the Enabled switch and the workflow forms disabled, with the reason:
// never a switch or a form that ends in a 403.

const called = (operation: string) => mockService.calls.some((call) => call.operation === operation);
const OPERATOR_REASON = 'Operators can’t edit workflows. Ask an editor or admin.';

describe('the Enabled switch by role', () => {
  it('is disabled with the reason for an operator, in the list and on the page, and a click sends nothing', async () => {
    const { user, router } = renderApp('/workflows', { apiKey: ROLE_API_KEYS.operator });
    const quarterly = await screen.findByRole('switch', { name: 'Quarterly backfill enabled' });
    expect(quarterly).toHaveAttribute('aria-disabled', 'true');
    expect(quarterly).toHaveAccessibleDescription(OPERATOR_REASON);
    await user.click(quarterly);
    expect(quarterly).not.toBeChecked();

    await router.navigate({ to: '/workflows/$workflowId', params: { workflowId: String(SEED.succeedingWorkflowId) } });
    const enabled = await screen.findByRole('switch', { name: 'Enabled' });
    expect(enabled).toHaveAttribute('aria-disabled', 'true');
    // After what the switch does: Mantine keeps its description in the same sentence.
    expect(enabled).toHaveAccessibleDescription(expect.stringContaining(OPERATOR_REASON));
    enabled.focus();
    expect(enabled).toHaveFocus();
    await user.keyboard(' ');
    expect(enabled).toBeChecked();
    expect(called('updateWorkflow')).toBe(false);
  });

  it('stays enabled for an editor', async () => {
    const { user } = renderApp('/workflows', { apiKey: ROLE_API_KEYS.editor });
    const quarterly = await screen.findByRole('switch', { name: 'Quarterly backfill enabled' });
    expect(quarterly).not.toHaveAttribute('aria-disabled');
    await user.click(quarterly);
    await waitFor(() => {
      expect(mockService.db.workflow(SEED.disabledWorkflowId)?.enabled).toBe(true);
    });
  });
});

describe('the workflow forms by role', () => {
  it('tell a viewer why on /workflows/new, with the fields and Create disabled', async () => {
    const { user } = renderApp('/workflows/new', { apiKey: ROLE_API_KEYS.viewer });
    const form = await screen.findByRole('form', { name: 'Workflow' });
    expect(screen.getByRole('note')).toHaveTextContent('Viewers can’t create workflows. Ask an editor or admin.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    const create = screen.getByRole('button', { name: 'Create workflow' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription('Viewers can’t create workflows. Ask an editor or admin.');
    await user.click(create);
    expect(form).toBeInTheDocument();
    expect(called('createWorkflow')).toBe(false);
  });

  it('tell an operator why on a workflow’s edit page', async () => {
    renderApp(`/workflows/${String(SEED.succeedingWorkflowId)}/edit`, { apiKey: ROLE_API_KEYS.operator });
    const save = await screen.findByRole('button', { name: 'Save workflow' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('note')).toHaveTextContent(OPERATOR_REASON);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  });

  it('stay open to an editor', async () => {
    renderApp('/workflows/new', { apiKey: ROLE_API_KEYS.editor });
    const create = await screen.findByRole('button', { name: 'Create workflow' });
    expect(create).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(screen.queryByText(/can’t create workflows/)).not.toBeInTheDocument();
  });
});
