import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boolean,
  ConfigError,
  integer,
  oneOf,
  optional,
  parseEnv,
  port,
  string,
  url,
  writableDir,
} from '../src/index.js';

const spec = {
  PORT: port(8000),
  LIMIT: integer(300, { min: 1 }),
  PROFILE: oneOf(['sim', 'public'], 'sim'),
  STRICT: boolean(false),
  HOST: string('127.0.0.1'),
  TOKEN: optional(),
  DATABASE_URL: url(['postgres']),
};

function problemsOf(env: NodeJS.ProcessEnv, s: Parameters<typeof parseEnv>[0] = spec): readonly string[] {
  try {
    parseEnv(s, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  it('applies the run-contract defaults when nothing is set', () => {
    expect(parseEnv(spec, {})).toEqual({
      PORT: 8000,
      LIMIT: 300,
      PROFILE: 'sim',
      STRICT: false,
      HOST: '127.0.0.1',
      TOKEN: undefined,
      DATABASE_URL: undefined,
    });
  });

  it('parses set values into their types', () => {
    const config = parseEnv(spec, {
      PORT: '9001',
      LIMIT: '5',
      PROFILE: 'public',
      STRICT: 'true',
      TOKEN: ' abc ',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(config).toMatchObject({ PORT: 9001, LIMIT: 5, PROFILE: 'public', STRICT: true, TOKEN: 'abc' });
  });

  it('names the variable of a non-numeric port', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT: expected an integer, got "eighty"']);
  });

  it('rejects a port out of range and a limit below its minimum', () => {
    expect(problemsOf({ PORT: '70000', LIMIT: '0' })).toEqual([
      'PORT: expected an integer from 0 to 65535, got 70000',
      'LIMIT: expected an integer from 1 to 9007199254740991, got 0',
    ]);
  });

  it('names an unknown UPSTREAM_PROFILE-style choice with the allowed values', () => {
    expect(problemsOf({ PROFILE: 'live' })).toEqual(['PROFILE: expected one of sim, public, got "live"']);
  });

  it('lists every bad variable at once, not just the first', () => {
    const problems = problemsOf({ PORT: 'x', STRICT: 'maybe', DATABASE_URL: 'mysql://h/db' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'STRICT', 'DATABASE_URL']);
  });

  it('puts every problem in the error message', () => {
    expect(() => parseEnv(spec, { PORT: 'x', PROFILE: 'y' })).toThrow(/PORT: .*\n.*PROFILE: /s);
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(parseEnv(spec, {}))).toBe(true);
  });
});

describe('writableDir', () => {
  it('creates a missing directory and returns its absolute path', () => {
    const base = mkdtempSync(join(tmpdir(), 'kit-config-'));
    const config = parseEnv({ DATA_DIR: writableDir('./data') }, { DATA_DIR: join(base, 'a', 'b') });
    expect(config.DATA_DIR).toBe(join(base, 'a', 'b'));
  });

  it('names DATA_DIR when the path is a file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kit-config-')), 'file');
    writeFileSync(file, 'x');
    const [problem] = problemsOf({ DATA_DIR: file }, { DATA_DIR: writableDir('./data') });
    expect(problem).toMatch(/^DATA_DIR: .*file is not a readable and writable directory/);
  });

  it('names DATA_DIR when it lies under a file and cannot be created', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kit-config-')), 'file');
    writeFileSync(file, 'x');
    const [problem] = problemsOf({ DATA_DIR: join(file, 'sub') }, { DATA_DIR: writableDir('./data') });
    expect(problem).toMatch(/^DATA_DIR: .*\(ENOTDIR\)$/);
  });
});
