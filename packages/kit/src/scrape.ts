/// <reference path="./parse-prometheus-text-format.d.ts" />
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/**
 * A scrape of a service's metrics endpoint, parsed by a Prometheus text-format parser from the registry
 * (not by the code under test), for tests that check the series move as they make requests.
 */
export class Scrape {
  readonly #families: ReturnType<typeof parsePrometheusTextFormat>;

  constructor(text: string) {
    this.#families = parsePrometheusTextFormat(histogramsAsPlainFamilies(text));
  }

  has(name: string): boolean {
    return this.#families.some((family) => family.name === name);
  }

  /** Whether a query's metric name is exposed: a family, or a histogram's `_bucket`, `_sum` or `_count`. */
  exposes(name: string): boolean {
    return this.has(name) || this.has(`${name}_count`);
  }

  /**
   * The sum over the samples of `name` whose labels include `labels` (a histogram's observations are its
   * `<name>_count`). 0 when there are none.
   */
  value(name: string, labels: Record<string, string> = {}): number {
    const family = this.#families.find((each) => each.name === name);
    let total = 0;
    for (const sample of family?.metrics ?? []) {
      const own = sample.labels ?? {};
      if (Object.entries(labels).every(([key, value]) => own[key] === value))
        total += Number(sample.value ?? 0);
    }
    return total;
  }

  /** Every label set of the families whose name starts with `prefix`: the number of series they hold. */
  labelSets(prefix: string): string[] {
    return this.#families
      .filter((family) => family.name.startsWith(prefix))
      .flatMap((family) =>
        family.metrics.map((sample) => `${family.name}${JSON.stringify(sample.labels ?? {})}`),
      );
  }
}

/** The metric names starting with `prefix` that a dashboard or rule file's queries use. */
export function metricsQueried(text: string, prefix: string): string[] {
  return [...new Set(text.match(new RegExp(`\\b${prefix}[a-z0-9_]+`, 'g')) ?? [])];
}

/** GETs a metrics endpoint; with `token` as a bearer. Throws unless it answers 200. */
export async function scrape(url: string, token?: string): Promise<Scrape> {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return new Scrape(await response.text());
}

/**
 * The parser folds a histogram's buckets into one map keyed by `le` alone, merging its label sets and
 * dropping `_sum` and `_count`. So each histogram's `_bucket`, `_sum` and `_count` lines are moved into
 * families of their own (untyped), which it reads with every label intact.
 */
function histogramsAsPlainFamilies(text: string): string {
  const histograms = new Set([...text.matchAll(/^# TYPE (\S+) histogram$/gm)].map((match) => match[1]));
  const kept: string[] = [];
  const moved = new Map<string, string[]>();
  let inHistogram = false;
  for (const line of text.split('\n')) {
    const header = /^# (?:HELP|TYPE) (\S+)/.exec(line);
    if (header) inHistogram = histograms.has(header[1]);
    if (!inHistogram || line === '') {
      kept.push(line);
    } else if (!header) {
      const name = /^[^{ ]+/.exec(line)![0];
      moved.set(name, [...(moved.get(name) ?? []), line]);
    }
  }
  for (const [name, lines] of moved) kept.push(`# TYPE ${name} untyped`, ...lines);
  return `${kept.join('\n')}\n`;
}
