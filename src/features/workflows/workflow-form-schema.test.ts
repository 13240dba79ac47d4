import { describe, expect, it } from 'vitest';
import { NO_RETRIES } from '@/api/run-policy';
import type { Workflow } from '@/api/workflows';
import { definitionToSave, stepIdFor, workflowFormDefaults, workflowFormSchema } from './workflow-form-schema';

const workflow = (definition: Workflow['definition']): Workflow => ({
  freshness: null,
  id: 7,
  name: 'W',
  description: '',
  enabled: true,
  definition,
  frequency: null,
  cron: '0 2 * * *',
  nodeSchemas: null,
  nextRunAt: null,
  timeZone: 'UTC',
  retries: { ...NO_RETRIES },
});

describe('the workflow form', () => {
  it('gives a step id from the flow’s name, unique among the steps', () => {
    expect(stepIdFor('Orders to warehouse', [])).toBe('orders-to-warehouse');
    expect(stepIdFor('Orders to warehouse', ['orders-to-warehouse', 'orders-to-warehouse-2'])).toBe('orders-to-warehouse-3');
    expect(stepIdFor('—', [])).toBe('step');
  });

  it('edits a { flows } definition as steps and saves { steps }, keeping its other members', async () => {
    const values = workflowFormDefaults(workflow({ flows: [3, 4], note: 'kept' }));
    expect(values.steps).toEqual([
      { stepId: 'step-1', flow: '3', after: [] },
      { stepId: 'step-2', flow: '4', after: ['step-1'] },
    ]);
    expect(values).toMatchObject({ scheduleKind: 'cron', cron: '0 2 * * *', keepDefinition: false });
    const parsed = await workflowFormSchema(() => true).parseAsync(values);
    expect(definitionToSave(parsed, { flows: [3, 4], note: 'kept' })).toEqual({
      note: 'kept',
      steps: [
        { id: 'step-1', flow: 3, after: [] },
        { id: 'step-2', flow: 4, after: ['step-1'] },
      ],
    });
  });

  it('keeps a definition it cannot show as steps, unless steps are added', async () => {
    const values = workflowFormDefaults(workflow({ graph: 'opaque' }));
    expect(values).toMatchObject({ steps: [], keepDefinition: true });
    expect(definitionToSave(await workflowFormSchema().parseAsync(values), { graph: 'opaque' })).toBeUndefined();
    const withStep = { ...values, steps: [{ stepId: 'a', flow: '1', after: [] }] };
    expect(definitionToSave(await workflowFormSchema().parseAsync(withStep), { graph: 'opaque' })).toEqual({
      graph: 'opaque',
      steps: [{ id: 'a', flow: 1, after: [] }],
    });
  });
});
