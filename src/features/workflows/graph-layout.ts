import { Graph, layout } from '@dagrejs/dagre';

// The steps of a definition laid out top to bottom by dagre (a step below the steps it waits for), so a
// chain reads downwards on a phone as on a desk. Works on a definition still being typed: a duplicate id
// or an unknown or circular `after` draws what it can (the editor says what is wrong in words).

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 76;

export interface LaidOutGraph {
  /** Top-left corner of each step's box, by the step's index. */
  positions: { x: number; y: number }[];
  /** From the step waited for to the step that waits, by index. */
  edges: { from: number; to: number }[];
  width: number;
  height: number;
}

export function layoutSteps(steps: readonly { id: string; after: readonly string[] }[]): LaidOutGraph {
  const firstIndex = new Map<string, number>();
  steps.forEach((step, index) => {
    if (!firstIndex.has(step.id)) firstIndex.set(step.id, index);
  });
  const edges = steps.flatMap((step, to) =>
    [...new Set(step.after)].flatMap((id) => {
      const from = firstIndex.get(id);
      return from === undefined || from === to ? [] : [{ from, to }];
    }),
  );
  const graph = new Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 44, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  steps.forEach((_, index) => graph.setNode(String(index), { width: NODE_WIDTH, height: NODE_HEIGHT }));
  for (const { from, to } of edges) graph.setEdge(String(from), String(to));
  layout(graph);
  const positions = steps.map((_, index) => {
    const { x, y } = graph.node(String(index)) as { x: number; y: number };
    // dagre gives centres; React Flow places boxes by their top-left corner.
    return { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 };
  });
  const { width = 0, height = 0 } = graph.graph() as { width?: number; height?: number };
  return { positions, edges, width, height };
}
