import '@xyflow/react/dist/style.css';
import { Box, Group, Text, useComputedColorScheme } from '@mantine/core';
import {
  Controls,
  type Edge,
  type FitViewOptions,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
} from '@xyflow/react';
import { type CSSProperties, useEffect, useMemo } from 'react';
import type { StepState } from '@/api/workflows';
import { layoutSteps, NODE_HEIGHT, NODE_WIDTH } from './graph-layout';
import { StepStateBadge, stepStateLook } from './step-state';
import classes from './workflow-graph.module.css';

// A workflow's definition as a read-only graph (React Flow, laid out by dagre): a box per step with its
// flow's name, an arrow from each step to the steps that wait for it, and, when a run is known, each
// step's state in a word and a colour. Each box is focusable and named for screen readers.

export interface GraphStep {
  id: string;
  flow: number | null;
  after: readonly string[];
  /** The step's state in the run shown; undefined when no run is shown (the editor's preview). */
  state?: StepState | undefined;
  /** Why a queued step waits. */
  waitingFor?: string | null | undefined;
}

type StepNodeData = { title: string; stepId: string; state: StepState | undefined; waitingFor: string | null | undefined };
type StepNode = Node<StepNodeData, 'step'>;

function StepBox({ data }: NodeProps<StepNode>) {
  const style = data.state ? ({ '--step-color': `var(--mantine-color-${stepStateLook(data.state).color}-6)` } as CSSProperties) : undefined;
  return (
    <div className={classes.node} style={style}>
      <Handle type="target" position={Position.Top} isConnectable={false} className={classes.handle} />
      <Text size="sm" fw={600} truncate="end" title={data.title}>
        {data.title}
      </Text>
      <Group gap={6} wrap="nowrap">
        {/* The state's word never shrinks; a long step id gives way. */}
        {data.state && <StepStateBadge state={data.state} waitingFor={data.waitingFor} />}
        <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={data.stepId} miw={0}>
          {data.stepId || '(no id)'}
        </Text>
      </Group>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={classes.handle} />
    </div>
  );
}

const NODE_TYPES = { step: StepBox };

// Never smaller than 60 %: a wide graph on a phone is panned rather than shrunk past reading.
const FIT: FitViewOptions = { padding: 0.08, maxZoom: 1, minZoom: 0.6 };

/**
 * Fits the picture again when its frame changes width (a phone turned, a window resized) or the steps
 * change shape (the editor's preview): React Flow fits only once, on its first render.
 */
function KeepInView({ shape }: { shape: string }) {
  const width = useStore((state) => state.width);
  const { fitView } = useReactFlow();
  useEffect(() => {
    void fitView(FIT);
  }, [width, shape, fitView]);
  return null;
}

interface WorkflowGraphProps {
  steps: readonly GraphStep[];
  /** The name to show for a step's flow (its id when the flow is not known). */
  flowName: (flowId: number | null) => string;
  /** Names the whole picture for screen readers. */
  label: string;
}

export function WorkflowGraph({ steps, flowName, label }: WorkflowGraphProps) {
  const scheme = useComputedColorScheme('light');
  const { nodes, edges, height, shape } = useMemo(() => {
    const laidOut = layoutSteps(steps);
    const stepNodes: StepNode[] = steps.map((step, index) => {
      const title = flowName(step.flow);
      // The arrows in words, for those who do not see them.
      const after = step.after.length > 0 ? `, waits for ${step.after.join(' and ')}` : '';
      const state = step.state ? `: ${stepStateLook(step.state).label}${step.waitingFor ? `, ${step.waitingFor}` : ''}` : '';
      return {
        id: String(index),
        type: 'step',
        position: laidOut.positions[index] ?? { x: 0, y: 0 },
        // Known sizes: React Flow need not measure them first (it cannot under test, and the boxes show at once).
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        data: { title, stepId: step.id, state: step.state, waitingFor: step.waitingFor },
        ariaLabel: `Step ${step.id || String(index + 1)}, flow ${title}${after}${state}`,
      };
    });
    const arrows: Edge[] = laidOut.edges.map(({ from, to }) => ({
      id: `${String(from)}-${String(to)}`,
      source: String(from),
      target: String(to),
      markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
      animated: steps[to]?.state === 'running',
      ariaLabel: `${steps[to]?.id ?? ''} waits for ${steps[from]?.id ?? ''}`,
    }));
    const shape = steps.map((step) => `${step.id}<${step.after.join(',')}`).join('|');
    return { nodes: stepNodes, edges: arrows, height: Math.min(520, Math.max(180, laidOut.height + 48)), shape };
  }, [steps, flowName]);

  return (
    <Box className={classes.frame} h={height} role="figure" aria-label={label}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        colorMode={scheme}
        fitView
        fitViewOptions={FIT}
        minZoom={0.3}
        maxZoom={1.5}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        // The page scrolls over the picture; zoom with the buttons or a pinch.
        zoomOnScroll={false}
        preventScrolling={false}
      >
        <Controls showInteractive={false} position="top-right" fitViewOptions={FIT} />
        <KeepInView shape={shape} />
      </ReactFlow>
    </Box>
  );
}
