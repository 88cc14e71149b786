import { fireEvent, screen } from '@testing-library/react';
import type { Recipe, User } from '../api/types';
import { fakeFetch } from './fake-fetch';

/** The operator and the recipe of the station flow tests, and the station's server faked. */
export const operator: User = {
  id: 7,
  username: 'op',
  display_name: 'Olga Operator',
  email: '',
  roles: ['MeasurementTec'],
  is_admin: false,
  active: true,
  language_pref: 'en',
  theme_pref: 'light',
};

export const limits = {
  nominal: 10,
  ltl: 9.8,
  lwl: 9.9,
  uwl: 10.1,
  utl: 10.2,
  measurement_type: 'length',
  unit: 'mm',
};
export const recipe: Recipe = {
  id: 1,
  code: 'FL-100',
  name: 'Flange',
  description: '',
  active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  created_by: 1,
  current_version: {
    id: 3,
    recipe_id: 1,
    version_number: 3,
    change_notes: '',
    created_by: 1,
    created_at: '2026-01-01T00:00:00Z',
    tasks: [
      {
        id: 30,
        version_id: 3,
        order_index: 0,
        title: 'Outer diameter',
        directive: 'Measure at the markers',
        description: '',
        file_type: '',
        file_path: null,
        annotations_json: null,
        subtasks: [
          { id: 301, task_id: 30, marker_number: 1, description: 'A', ...limits },
          { id: 302, task_id: 30, marker_number: 2, description: 'B', ...limits },
        ],
      },
    ],
  },
};

/**
 * Whether the server answers, with which status a batch is answered, which serials it holds, and what holds
 * back or breaks its serial check (a promise it waits for, a status it fails with); reset by each test.
 */
export const network = {
  up: true,
  batchStatus: 200,
  storedSerials: {} as Record<string, number>,
  serialCheckHeld: null as Promise<unknown> | null,
  serialCheckStatus: 200,
};

export function api() {
  return fakeFetch({
    'GET /api/auth/me': () => ({ body: operator }),
    'GET /api/stations/by-code/ST-1/recipes': () => ({
      body: [{ id: 1, code: 'FL-100', name: 'Flange', active: true }],
    }),
    'GET /api/recipes/code/FL-100': () => ({ body: recipe }),
    'GET /api/measurements/serial-check': async (call) => {
      await network.serialCheckHeld;
      if (!network.up) return 'network-down';
      if (network.serialCheckStatus !== 200)
        return { status: network.serialCheckStatus, body: { detail: 'database unavailable' } };
      const query = new URL(call.path, 'http://localhost').searchParams;
      const count = network.storedSerials[`${query.get('lot_number')}/${query.get('serial_number')}`] ?? 0;
      return {
        body: { measurement_count: count, last_measured_at: count ? '2026-11-27T10:00:00.000Z' : null },
      };
    },
    'POST /api/measurements/batch': (call) =>
      network.up
        ? {
            status: network.batchStatus,
            body:
              network.batchStatus === 200
                ? (call.body as { measurements: unknown[] }).measurements
                : { detail: 'Subtask 301 belongs to another version' },
          }
        : 'network-down',
  });
}

export async function measurePart(values: string[]) {
  fireEvent.click(await screen.findByRole('button', { name: /Flange/ }));
  fireEvent.change(await screen.findByLabelText('Lot number'), { target: { value: 'L-7' } });
  fireEvent.change(screen.getByLabelText('Serial number'), { target: { value: 'SN-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Start measuring' }));
  for (const value of values) {
    const input = await screen.findByLabelText(/Measured value/);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter' });
  }
}
