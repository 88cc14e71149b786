import { describe, expect, it } from 'vitest';
import { versionNotice } from './version-notice';

describe('versionNotice', () => {
  it('says a task or point edit changes version N in place while it has no measurements', () => {
    expect(versionNotice('task', 4, 0)).toEqual({
      key: 'versionNotice.taskInPlace',
      params: { current: 4, next: 5, count: 0 },
    });
  });

  it('says a task or point edit creates version N+1 once version N has measurements', () => {
    expect(versionNotice('task', 4, 160)).toEqual({
      key: 'versionNotice.taskForks',
      params: { current: 4, next: 5, count: 160 },
    });
  });

  it('says saving the recipe or adding a task always creates version N+1', () => {
    expect(versionNotice('recipe', 4, 0).key).toBe('versionNotice.newVersion');
    expect(versionNotice('recipe', 4, 12).key).toBe('versionNotice.newVersionMeasured');
  });

  it('does not claim either when the count is unknown', () => {
    expect(versionNotice('task', 2, null).key).toBe('versionNotice.taskUnknown');
  });
});
