import { expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

it('fetches a module once for every asker, and tells its readers when it has come', async () => {
  const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
  const module = onDemand(importer);
  const reader = vi.fn();
  module.subscribe(reader);
  expect(module.loaded()).toBeNull();
  const [first, second] = await Promise.all([module.load(), module.load()]);
  expect(first).toBe(second);
  expect(module.loaded()).toEqual({ answer: 42 });
  expect(importer).toHaveBeenCalledTimes(1);
  // Told in a task of their own, not in the one that evaluated the module.
  expect(reader).not.toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(reader).toHaveBeenCalledTimes(1);
});

it('asks again after a failed fetch instead of keeping the failure for good', async () => {
  const importer = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce({ answer: 42 });
  const module = onDemand<{ answer: number }>(importer);
  await expect(module.load()).rejects.toThrow('chunk gone');
  expect(module.loaded()).toBeNull();
  await expect(module.load()).resolves.toEqual({ answer: 42 });
  expect(importer).toHaveBeenCalledTimes(2);
});
