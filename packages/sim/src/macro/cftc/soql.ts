/**
 * The SoQL subset the CFTC simulator honours (notes macro.md, "Simulator notes"): `$where` with `=`, `!=`,
 * `>=`, `<=`, `>`, `<`, `IN (…)`, `AND`, `OR` and parentheses over string literals in single quotes (`''`
 * escapes a quote) and numbers; `$order` as a comma list of `column [ASC|DESC]`; `$select` as a comma list.
 * Columns named here are checked against the dataset's; an unknown one is Socrata's
 * `query.soql.no-such-column`. Values are compared as numbers when both sides are numeric, else as text
 * (floating timestamps in ISO form order as text).
 */

export class SoqlError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Row = Record<string, string>;
export type Predicate = (row: Row) => boolean;

const TOKEN =
  /\s*(?:('(?:[^']|'')*')|(-?\d+(?:\.\d+)?)|(>=|<=|!=|<>|=|>|<|\(|\)|,)|([A-Za-z_][A-Za-z0-9_]*))/y;

type Token = { kind: 'string' | 'number' | 'op' | 'word'; text: string };

function tokens(text: string): Token[] {
  const found: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.trimEnd().length) {
    const match = TOKEN.exec(text);
    if (!match)
      throw new SoqlError(
        'query.compiler.malformed',
        `Could not parse SoQL near: ${text.slice(TOKEN.lastIndex, TOKEN.lastIndex + 20)}`,
      );
    if (match[1]) found.push({ kind: 'string', text: match[1].slice(1, -1).replaceAll("''", "'") });
    else if (match[2]) found.push({ kind: 'number', text: match[2] });
    else if (match[3]) found.push({ kind: 'op', text: match[3] });
    else found.push({ kind: 'word', text: match[4]! });
  }
  return found;
}

function compare(left: string | undefined, right: string): number | undefined {
  if (left === undefined) return undefined;
  const a = Number(left);
  const b = Number(right);
  if (left !== '' && right !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `$where` as a predicate over rows; `columns` are the dataset's. */
export function parseWhere(text: string, columns: ReadonlySet<string>): Predicate {
  const list = tokens(text);
  let at = 0;
  const peek = () => list[at];
  const take = () => {
    const token = list[at++];
    if (!token) throw new SoqlError('query.compiler.malformed', 'Unexpected end of $where');
    return token;
  };
  const keyword = (word: string) => peek()?.kind === 'word' && peek()!.text.toUpperCase() === word;
  const literal = () => {
    const token = take();
    if (token.kind !== 'string' && token.kind !== 'number')
      throw new SoqlError('query.compiler.malformed', `Expected a literal, got ${token.text}`);
    return token.text;
  };
  const comparison = (): Predicate => {
    if (peek()?.text === '(') {
      take();
      const inner = disjunction();
      if (take().text !== ')') throw new SoqlError('query.compiler.malformed', 'Expected )');
      return inner;
    }
    const column = take();
    if (column.kind !== 'word')
      throw new SoqlError('query.compiler.malformed', `Expected a column, got ${column.text}`);
    if (!columns.has(column.text))
      throw new SoqlError('query.soql.no-such-column', `No such column: ${column.text}`);
    const name = column.text;
    if (keyword('IN')) {
      take();
      if (take().text !== '(') throw new SoqlError('query.compiler.malformed', 'Expected ( after IN');
      const values = [literal()];
      while (peek()?.text === ',') {
        take();
        values.push(literal());
      }
      if (take().text !== ')') throw new SoqlError('query.compiler.malformed', 'Expected ) after IN list');
      return (row) => row[name] !== undefined && values.some((value) => compare(row[name], value) === 0);
    }
    const op = take();
    const value = literal();
    const test: Record<string, (c: number) => boolean> = {
      '=': (c) => c === 0,
      '!=': (c) => c !== 0,
      '<>': (c) => c !== 0,
      '>': (c) => c > 0,
      '<': (c) => c < 0,
      '>=': (c) => c >= 0,
      '<=': (c) => c <= 0,
    };
    const check = test[op.text];
    if (!check) throw new SoqlError('query.compiler.malformed', `Unknown operator ${op.text}`);
    return (row) => {
      const c = compare(row[name], value);
      return c !== undefined && check(c);
    };
  };
  const conjunction = (): Predicate => {
    const parts = [comparison()];
    while (keyword('AND')) {
      take();
      parts.push(comparison());
    }
    return (row) => parts.every((part) => part(row));
  };
  const disjunction = (): Predicate => {
    const parts = [conjunction()];
    while (keyword('OR')) {
      take();
      parts.push(conjunction());
    }
    return (row) => parts.some((part) => part(row));
  };
  const predicate = disjunction();
  if (at !== list.length) throw new SoqlError('query.compiler.malformed', `Unexpected ${list[at]!.text}`);
  return predicate;
}

/** `$order` as a comparator. */
export function parseOrder(text: string, columns: ReadonlySet<string>): (a: Row, b: Row) => number {
  const keys = text.split(',').map((part) => {
    const [column, direction = 'ASC'] = part.trim().split(/\s+/);
    if (!column || !columns.has(column))
      throw new SoqlError('query.soql.no-such-column', `No such column: ${column}`);
    const sign = direction.toUpperCase() === 'DESC' ? -1 : 1;
    return { column, sign };
  });
  return (a, b) => {
    for (const { column, sign } of keys) {
      const c = compare(a[column], b[column] ?? '') ?? -1;
      if (c !== 0) return sign * c;
    }
    return 0;
  };
}

/** `$select` as a projection. */
export function parseSelect(text: string, columns: ReadonlySet<string>): (row: Row) => Row {
  const names = text.split(',').map((name) => name.trim());
  for (const name of names)
    if (!columns.has(name)) throw new SoqlError('query.soql.no-such-column', `No such column: ${name}`);
  return (row) =>
    Object.fromEntries(names.filter((name) => row[name] !== undefined).map((name) => [name, row[name]!]));
}
