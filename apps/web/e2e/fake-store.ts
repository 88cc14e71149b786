/**
 * In-memory data behind the fake measurement API (fake-measure-api.ts). A development and test aid
 * only: it follows the spec's wire shapes so the client can be exercised and screenshotted in a
 * branch where the real service is not available. It is not the service and is never started by it.
 */
import { randomBytes } from 'node:crypto';

export interface FakeUser {
  id: number;
  username: string;
  password: string;
  display_name: string;
  email: string;
  roles: string[];
  is_admin: boolean;
  active: boolean;
  language_pref: string;
  theme_pref: string;
}

export interface FakeSubtask {
  id: number;
  task_id: number;
  marker_number: number;
  description: string;
  measurement_type: string;
  nominal: number;
  utl: number;
  uwl: number;
  lwl: number;
  ltl: number;
  unit: string;
}

export interface FakeTask {
  id: number;
  version_id: number;
  order_index: number;
  title: string;
  directive: string;
  description: string;
  file_type: string | null;
  file_path: string | null;
  annotations_json: unknown;
  subtasks: FakeSubtask[];
}

export interface FakeRecipe {
  id: number;
  code: string;
  name: string;
  description: string;
  active: boolean;
  created_at: string;
  updated_at: string;
  created_by: number;
  versions: { id: number; version_number: number; change_notes: string | null; created_at: string }[];
  tasks: FakeTask[];
}

export interface FakeMeasurement {
  id: number;
  subtask_id: number;
  version_id: number;
  measured_by: number;
  value: number;
  pass_fail: string;
  deviation: number;
  lot_number: string;
  serial_number: string;
  input_method: string;
  measured_at: string;
  synced_to_csv: boolean;
}

export class FakeStore {
  private nextId = 1;
  users: FakeUser[] = [];
  keys = new Map<string, number>();
  recipes: FakeRecipe[] = [];
  stations: {
    id: number;
    code: string;
    name: string;
    location: string | null;
    notes: string | null;
    active: boolean;
    created_by: number;
    created_at: string;
  }[] = [];
  assignments: {
    id: number;
    station_id: number;
    recipe_id: number;
    assigned_by: number;
    assigned_at: string;
  }[] = [];
  measurements: FakeMeasurement[] = [];
  files = new Map<string, { type: string; data: Buffer }>();
  settings: Record<string, string> = { csv_delimiter: ',', csv_decimal_separator: '.' };

  constructor(adminPassword: string) {
    this.users.push({
      id: this.id(),
      username: 'admin',
      password: adminPassword,
      display_name: 'Administrator',
      email: '',
      roles: ['Maker', 'MeasurementTec', 'Metrologist'],
      is_admin: true,
      active: true,
      language_pref: 'en',
      theme_pref: 'light',
    });
    this.stations.push({
      id: this.id(),
      code: 'ST-DEFAULT',
      name: 'Default station',
      location: null,
      notes: null,
      active: true,
      created_by: 1,
      created_at: now(),
    });
  }

  id(): number {
    return this.nextId++;
  }

  issueKey(userId: number): string {
    const key = randomBytes(24).toString('base64url');
    this.keys.set(key, userId);
    return key;
  }

  publicUser(user: FakeUser) {
    const { password: _password, ...rest } = user;
    return rest;
  }

  currentVersion(recipe: FakeRecipe) {
    return recipe.versions[recipe.versions.length - 1]!;
  }

  publicRecipe(recipe: FakeRecipe) {
    const { versions: _versions, tasks, ...rest } = recipe;
    const version = this.currentVersion(recipe);
    return {
      ...rest,
      current_version: { ...version, tasks: [...tasks].sort((a, b) => a.order_index - b.order_index) },
    };
  }

  /** Copy-on-write is not modelled: a new version number is recorded and the tasks move to it. */
  newVersion(recipe: FakeRecipe, notes: string | null) {
    const version = {
      id: this.id(),
      version_number: this.currentVersion(recipe).version_number + 1,
      change_notes: notes,
      created_at: now(),
    };
    recipe.versions.push(version);
    for (const task of recipe.tasks) task.version_id = version.id;
    return version;
  }

  findTask(taskId: number) {
    for (const recipe of this.recipes) {
      const task = recipe.tasks.find((t) => t.id === taskId);
      if (task) return { recipe, task };
    }
    return null;
  }

  findSubtask(subtaskId: number) {
    for (const recipe of this.recipes) {
      for (const task of recipe.tasks) {
        const subtask = task.subtasks.find((s) => s.id === subtaskId);
        if (subtask) return { recipe, task, subtask };
      }
    }
    return null;
  }
}

export function now(): string {
  return new Date().toISOString();
}

export function classify(value: number, s: FakeSubtask): string {
  if (value < s.ltl || value > s.utl) return 'fail';
  if (value >= s.lwl && value <= s.uwl) return 'pass';
  return 'warning';
}
