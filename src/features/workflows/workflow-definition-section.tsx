import { Alert, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Workflow, WorkflowRun } from '@/api/workflows';
import { JsonTree } from '@/components/json-tree';
import { StatusBadge } from '@/components/status-badge';
import { queuedLabel } from '@/lib/run-status';
import { flowQueries } from '@/resources/flows';
import { readDefinition } from '@/service-rules/workflow-definition';
import { useFlowName } from './use-flow-name';
import { LazyWorkflowGraph } from './lazy-workflow-graph';
import type { WorkflowPageSearch } from './workflow-page-search';

interface DefinitionSectionProps {
  workflow: Workflow;
  /** The current or last run with its steps' states; null: never run; undefined: the service does not say. */
  lastRun: WorkflowRun | null | undefined;
  view: WorkflowPageSearch['view'];
  onView: (view: WorkflowPageSearch['view']) => void;
}

function RunCaption({ lastRun }: { lastRun: WorkflowRun | null | undefined }) {
  if (lastRun === undefined) return <>This service does not report the state of each step.</>;
  if (lastRun === null) return <>Never run: each step shows its state once the workflow runs.</>;
  return (
    <Group gap={6} component="span">
      <span>States in run #{lastRun.number ?? lastRun.id}:</span>
      <StatusBadge status={lastRun} size="sm" />
    </Group>
  );
}

/** The definition as a graph of its steps, coloured live by the current or last run; the raw JSON behind a toggle. */
export function WorkflowDefinitionSection({ workflow, lastRun, view, onView }: DefinitionSectionProps) {
  const flowName = useFlowName(useQuery(flowQueries.list()).data);
  const read = readDefinition(workflow.definition);
  // The states of the run shown, by step id: a step added since that run has none yet.
  const states = new Map(lastRun?.steps.map((step) => [step.id, step]));
  const steps =
    'steps' in read ? read.steps.map((step) => ({ ...step, state: states.get(step.id)?.state, waitingFor: states.get(step.id)?.waitingFor })) : null;
  const queued = lastRun?.steps.filter((step) => step.state === 'queued') ?? [];

  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="definition-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="definition-title">
          Definition
        </Title>
        <SegmentedControl
          aria-label="Show the definition as"
          size="xs"
          value={view}
          onChange={(next) => {
            onView(next === 'json' ? 'json' : 'graph');
          }}
          data={[
            { value: 'graph', label: 'Graph' },
            { value: 'json', label: 'JSON' },
          ]}
        />
      </Group>
      {view === 'json' ? (
        <Stack gap="md">
          <JsonTree value={workflow.definition} label="Workflow definition" />
          {workflow.nodeSchemas !== null && (
            <>
              <Title order={3} size="h5">
                Node schemas
              </Title>
              <JsonTree value={workflow.nodeSchemas} label="Node schemas" />
            </>
          )}
        </Stack>
      ) : steps ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" component="div">
            <RunCaption lastRun={lastRun} />
          </Text>
          <LazyWorkflowGraph steps={steps} flowName={flowName} label={`Steps of ${workflow.name}`} />
          {queued.length > 0 && (
            // Why a queued step has not started, in full (its box on the graph has room for a word), as a queued attempt says it.
            <Stack gap={2} role="status">
              {queued.map((step) => (
                <Text key={step.id} size="sm">
                  Step {step.id}: {queuedLabel(step.waitingFor)}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      ) : (
        <Alert color="yellow" role="note" title="No steps to draw">
          {'problem' in read ? read.problem : ''} The JSON view shows the definition as it is.
        </Alert>
      )}
    </Card>
  );
}
