/** Statistics, measurement listing and reports of the fake API (see fake-store.ts): simple, not Minitab-exact. */
import { type App, AppError } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { FakeMeasurement, FakeStore } from './fake-store.js';

type Body = Record<string, unknown>;

export function registerFakeStatistics(app: App, store: FakeStore) {
  const select = (request: FastifyRequest): FakeMeasurement[] => {
    const q = request.query as Body;
    const recipe = store.recipes.find((r) => r.id === Number(q.recipe_id));
    const subtaskIds = new Set(recipe?.tasks.flatMap((t) => t.subtasks.map((s) => s.id)));
    return store.measurements.filter(
      (m) =>
        subtaskIds.has(m.subtask_id) &&
        (!q.subtask_id || m.subtask_id === Number(q.subtask_id)) &&
        (!q.pass_fail || m.pass_fail === q.pass_fail) &&
        (!q.lot_number || m.lot_number === q.lot_number) &&
        (!q.serial_number || m.serial_number === q.serial_number),
    );
  };
  const subtaskOf = (request: FastifyRequest) => {
    const found = store.findSubtask(Number((request.query as Body).subtask_id));
    if (!found) throw new AppError(422, 'E', 'subtask_id is required');
    return found;
  };

  app.get('/api/measurements/', async (request) => {
    const q = request.query as Body;
    const page = Number(q.page ?? 1);
    const perPage = Number(q.per_page ?? 50);
    const all = select(request).reverse();
    return {
      items: all.slice((page - 1) * perPage, page * perPage),
      total: all.length,
      page,
      per_page: perPage,
      pages: Math.ceil(all.length / perPage),
    };
  });
  app.get('/api/measurements/export/csv', async (request, reply) => {
    const rows = select(request).map((m) =>
      [
        m.id,
        m.subtask_id,
        m.version_id,
        m.measured_by,
        m.value,
        m.pass_fail,
        m.deviation,
        m.lot_number,
        m.serial_number,
        m.input_method,
        m.measured_at,
        m.synced_to_csv,
      ].join(','),
    );
    return reply
      .type('text/csv')
      .header('content-disposition', 'attachment; filename="measurements.csv"')
      .send(
        [
          'id,subtask_id,version_id,measured_by,value,pass_fail,deviation,lot_number,serial_number,input_method,measured_at,synced_to_csv',
          ...rows,
        ].join('\n'),
      );
  });
  app.get('/api/statistics/subtasks', async (request) => {
    const recipe = store.recipes.find((r) => r.id === Number((request.query as Body).recipe_id));
    return (recipe?.tasks ?? []).flatMap((t) =>
      t.subtasks.map((s) => ({
        id: s.id,
        marker_number: s.marker_number,
        description: s.description,
        task_title: t.title,
        nominal: s.nominal,
        utl: s.utl,
        ltl: s.ltl,
      })),
    );
  });
  app.get('/api/statistics/summary', async (request) => {
    const all = select(request);
    const count = (v: string) => all.filter((m) => m.pass_fail === v).length;
    const pct = (c: number) => (all.length ? Math.round((c * 10000) / all.length) / 100 : 0);
    return {
      total: all.length,
      pass_count: count('pass'),
      warning_count: count('warning'),
      fail_count: count('fail'),
      pass_percentage: pct(count('pass')),
      warning_percentage: pct(count('warning')),
      fail_percentage: pct(count('fail')),
    };
  });
  app.get('/api/statistics/capability', async (request) => {
    const { subtask } = subtaskOf(request);
    const values = select(request).map((m) => m.value);
    const { mean, stdev } = moments(values);
    const sigmaWithin = movingRangeSigma(values);
    const idx = (sigma: number | null) =>
      sigma
        ? {
            c: (subtask.utl - subtask.ltl) / (6 * sigma),
            k: Math.min(subtask.utl - mean!, mean! - subtask.ltl) / (3 * sigma),
          }
        : null;
    const within = idx(sigmaWithin);
    const overall = idx(stdev);
    return {
      n: values.length,
      mean,
      stdev,
      cp: within?.c ?? null,
      cpk: within?.k ?? null,
      pp: overall?.c ?? null,
      ppk: overall?.k ?? null,
    };
  });
  app.get('/api/statistics/control-chart', async (request) => {
    subtaskOf(request);
    const selected = select(request);
    const values = selected.map((m) => m.value);
    const { mean } = moments(values);
    const sigma = movingRangeSigma(values);
    const ucl = sigma !== null && mean !== null ? mean + 3 * sigma : null;
    const lcl = sigma !== null && mean !== null ? mean - 3 * sigma : null;
    return {
      points: selected.map((m, i) => ({ x: i + 1, y: m.value, timestamp: m.measured_at })),
      ucl,
      lcl,
      center_line: mean,
      out_of_control_indices:
        ucl === null || lcl === null ? [] : values.flatMap((v, i) => (v > ucl || v < lcl ? [i] : [])),
    };
  });
  app.get('/api/statistics/histogram', async (request) => {
    subtaskOf(request);
    const values = select(request).map((m) => m.value);
    if (values.length === 0) return { bins: [], frequencies: [], normal_curve_y: [] };
    const nBins = Number((request.query as Body).n_bins ?? 10);
    let low = Math.min(...values);
    let high = Math.max(...values);
    if (low === high) {
      low -= 0.5;
      high += 0.5;
    }
    const width = (high - low) / nBins;
    const bins = Array.from({ length: nBins + 1 }, (_v, i) => low + i * width);
    const frequencies = Array.from({ length: nBins }, () => 0);
    for (const v of values) frequencies[Math.min(nBins - 1, Math.floor((v - low) / width))]! += 1;
    const { mean, stdev } = moments(values);
    const normal = stdev
      ? frequencies.map((_f, i) => {
          const c = low + (i + 0.5) * width;
          return (
            (values.length * width * Math.exp(-0.5 * ((c - mean!) / stdev) ** 2)) /
            (stdev * Math.sqrt(2 * Math.PI))
          );
        })
      : [];
    return { bins, frequencies, normal_curve_y: normal };
  });
  for (const kind of ['spc', 'measurements']) {
    app.get(`/api/reports/${kind}`, async (request, reply) => {
      if (kind === 'spc') subtaskOf(request);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${kind}-report.pdf"`)
        .send(minimalPdf(`${kind} report`));
    });
  }
}

function moments(values: number[]) {
  if (values.length === 0) return { mean: null, stdev: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (values.length < 2) return { mean, stdev: null };
  const stdev = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
  return { mean, stdev };
}

function movingRangeSigma(values: number[]): number | null {
  if (values.length < 2) return null;
  let sum = 0;
  for (let i = 1; i < values.length; i++) sum += Math.abs(values[i]! - values[i - 1]!);
  return sum / (values.length - 1) / 1.128;
}

function minimalPdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}
