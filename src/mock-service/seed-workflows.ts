import type { WebhookTriggerRecord, WorkflowRecord } from './records';
import { DAY, HOUR } from './schedule';

// Workflows chain flows; `definition` and `node_schemas` are opaque to the interface, so these
// shapes are only plausible examples (one of each: object and null).

export function seedWorkflows(now: number): { workflows: WorkflowRecord[]; triggers: WebhookTriggerRecord[] } {
  const workflows: WorkflowRecord[] = [
    {
      id: 1,
      name: 'Nightly warehouse refresh',
      description: 'Orders, billing and GitHub into the analytics warehouse, then rebuild the marts.',
      enabled: true,
      definition: {
        flows: [1, 4, 6],
        steps: [
          { id: 'orders', flow: 1 },
          { id: 'billing', flow: 4 },
          { id: 'github', flow: 6, after: ['orders'] },
        ],
      },
      frequency: null,
      cron: '0 2 * * *',
      nodeSchemas: { orders: { type: 'flow', output: 'analytics.orders' }, billing: { type: 'flow', output: 'analytics.invoices' } },
    },
    {
      id: 2,
      name: 'CRM reconciliation',
      description: 'Copies CRM accounts to the warehouse and the reporting database.',
      enabled: true,
      definition: {
        flows: [3, 10],
        steps: [
          { id: 'crm-warehouse', flow: 3 },
          { id: 'crm-reporting', flow: 10, after: ['crm-warehouse'] },
        ],
      },
      frequency: '24h',
      cron: '',
      nodeSchemas: null,
    },
    {
      id: 3,
      name: 'Quarterly backfill',
      description: 'Reloads all sample data. Disabled between quarters.',
      enabled: false,
      definition: {
        flows: [7, 11],
        steps: [
          { id: 'sample', flow: 7 },
          { id: 'billing', flow: 11 },
        ],
      },
      frequency: 'manual',
      cron: '',
      nodeSchemas: null,
    },
    {
      id: 4,
      name: 'Lake sync',
      description: 'Keeps the Parquet data lake close to live.',
      enabled: true,
      definition: {
        flows: [8, 9],
        steps: [
          { id: 'sample-lake', flow: 8 },
          { id: 'orders-lake', flow: 9 },
        ],
      },
      frequency: null,
      cron: '*/15 * * * *',
      nodeSchemas: { 'sample-lake': { type: 'flow' }, 'orders-lake': { type: 'flow' } },
    },
  ];
  const trigger = (id: number, workflowId: number, eventType: string, count: number, createdDaysAgo: number): WebhookTriggerRecord => ({
    id,
    webhookId: `wh_${String(workflowId)}_${eventType}_${String(id).padStart(4, '0')}`,
    workflowId,
    provider: 'slack',
    url: `https://hooks.flowdeck.example/v2/webhooks/wh_${String(workflowId)}_${eventType}_${String(id).padStart(4, '0')}`,
    status: 'active',
    triggerCount: count,
    credentialSourceId: 3,
    createdAt: now - createdDaysAgo * DAY,
    eventType,
    lastTriggeredAt: count > 0 ? now - id * 3 * HOUR : null,
  });
  return {
    workflows,
    triggers: [trigger(1, 1, 'message', 42, 30), trigger(2, 1, 'app_mention', 7, 12), trigger(3, 2, 'message', 0, 2)],
  };
}
