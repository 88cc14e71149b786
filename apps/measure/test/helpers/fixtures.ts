import type { Harness } from './harness.js';

export const limits = (nominal = 10) => ({
  nominal,
  ltl: nominal - 1,
  lwl: nominal - 0.5,
  uwl: nominal + 0.5,
  utl: nominal + 1,
});

let codeCounter = 0;
export function uniqueCode(prefix = 'R'): string {
  codeCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${codeCounter}`;
}

/** A recipe with one task holding markers 1 and 2; returns the created recipe body (version 2). */
export async function recipeWithTask(h: Harness, key = h.adminKey) {
  const recipe = await h.call('POST', '/api/recipes', { key, body: { code: uniqueCode(), name: 'Flange' } });
  if (recipe.status !== 201) throw new Error(recipe.text);
  const task = await h.call('POST', `/api/recipes/${recipe.body.id}/tasks`, {
    key,
    body: {
      title: 'Outer diameter',
      subtasks: [
        { marker_number: 1, ...limits(10) },
        { marker_number: 2, ...limits(20) },
      ],
    },
  });
  if (task.status !== 201) throw new Error(task.text);
  const full = await h.call('GET', `/api/recipes/${recipe.body.id}`, { key });
  return full.body;
}
