import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { executableExists, plan } from './system-packages.js';

describe('the system packages npm test needs', () => {
  it('does nothing when chromium and pdftoppm are there', () => {
    expect(plan(() => true, false)).toEqual({ action: 'ok' });
  });

  it('installs what is missing where it may run apt', () => {
    expect(plan((e) => e !== 'pdftoppm', true)).toEqual({ action: 'install', packages: ['poppler-utils'] });
  });

  it('otherwise stops, naming the one command to run', () => {
    expect(plan(() => false, false)).toEqual({
      action: 'stop',
      packages: ['chromium', 'poppler-utils'],
      command: 'sudo apt-get install -y --no-install-recommends chromium poppler-utils',
    });
  });

  it('finds executables in PATH and by absolute path, executable ones only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pkgs-'));
    try {
      writeFileSync(path.join(dir, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
      writeFileSync(path.join(dir, 'data'), 'x', { mode: 0o644 });
      expect(executableExists('tool', dir)).toBe(true);
      expect(executableExists('data', dir)).toBe(false);
      expect(executableExists('absent', dir)).toBe(false);
      expect(executableExists(path.join(dir, 'tool'), '')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
