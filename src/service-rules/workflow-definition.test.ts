import { describe, expect, it } from 'vitest';
import { definitionWith, readDefinition, stepProblems } from './workflow-definition';

// The one definition rule: the editor shows its problems under the field they are about while the user
// types; the service and the mock refuse a save with the first of them.

const step = (id: string, flow: number | null, after: string[] = []) => ({ id, flow, after });

describe('stepProblems', () => {
  it('has none for steps that can run', () => {
    expect(stepProblems([step('orders', 1), step('marts', 2, ['orders'])], () => true)).toEqual([]);
  });

  it('places each problem on its step and field, as typed', () => {
    expect(stepProblems([step('', 1), step('a', null), step('a', 9, ['nope'])], (flow) => flow !== 9)).toEqual([
      { step: 0, field: 'id', message: 'step 1 has no id.' },
      { step: 1, field: 'flow', message: 'step "a" has no flow.' },
      { step: 2, field: 'id', message: 'step id "a" is used twice.' },
      { step: 2, field: 'flow', message: 'step "a" names flow 9, which does not exist.' },
      { step: 2, field: 'after', message: 'step "a" waits for "nope", which is not a step.' },
    ]);
  });

  it('names the steps of a circle, and a step that waits for itself', () => {
    expect(stepProblems([step('a', 1, ['b']), step('b', 1, ['a']), step('c', 1, ['c'])])).toEqual([
      { step: 0, field: 'after', message: 'steps wait for each other in a circle: "a" waits for "b", "b" waits for "a".' },
    ]);
    expect(stepProblems([step('c', 1, ['c'])])).toEqual([{ step: 0, field: 'after', message: 'step "c" waits for itself.' }]);
  });

  it('asks for at least one step and at most 1000', () => {
    expect(stepProblems([])).toEqual([{ message: 'a workflow needs at least one step.' }]);
    const chain = Array.from({ length: 1001 }, (_, index) => step(`s${String(index)}`, 1, index === 0 ? [] : [`s${String(index - 1)}`]));
    expect(stepProblems(chain)).toEqual([{ message: 'a workflow has at most 1000 steps; this one has 1001.' }]);
    expect(stepProblems(chain.slice(0, 1000))).toEqual([]);
  });
});

describe('readDefinition', () => {
  it('reads steps, and flows as steps in sequence', () => {
    expect(readDefinition({ steps: [{ id: 'a', flow: 1 }] })).toEqual({ steps: [step('a', 1)] });
    expect(readDefinition({ flows: [3, 4] })).toEqual({ steps: [step('step-1', 3), step('step-2', 4, ['step-1'])] });
  });

  it('says what is wrong with a shape it cannot read', () => {
    expect(readDefinition({})).toEqual({ problem: 'definition must have "steps" ([{ id, flow, after? }]) or "flows" ([flow ids]).' });
    expect(readDefinition({ steps: [{ id: 'a', flow: 0 }] })).toEqual({ problem: 'step 1 flow: Too small: expected number to be >0' });
  });
});

describe('definitionWith', () => {
  it('stores { steps: [{ id, flow, after }] }, replacing flows and keeping other members', () => {
    expect(definitionWith({ flows: [1], note: 'kept' }, [step('a', 1) as { id: string; flow: number; after: string[] }])).toEqual({
      note: 'kept',
      steps: [{ id: 'a', flow: 1, after: [] }],
    });
  });
});
