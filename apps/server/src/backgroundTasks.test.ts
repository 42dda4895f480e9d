import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBackgroundTasks, MAX_PENDING_TASKS } from './backgroundTasks';

/** A logger that keeps what was logged at warn and error. */
function recordingLogger() {
  const lines: { level: 'warn' | 'error'; fields: unknown; message: string }[] = [];
  const logger = {
    warn: (fields: unknown, message: string) => lines.push({ level: 'warn', fields, message }),
    error: (fields: unknown, message: string) => lines.push({ level: 'error', fields, message }),
  } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe('background tasks', () => {
  it("starts a task after the caller's turn and drains it", async () => {
    const { logger } = recordingLogger();
    const tasks = createBackgroundTasks(logger);
    const done: string[] = [];
    tasks.run('first', async () => {
      done.push('first');
    });
    expect(done).toEqual([]);
    expect(tasks.pending).toBe(1);
    await tasks.drain();
    expect(done).toEqual(['first']);
    expect(tasks.pending).toBe(0);
  });

  it('logs a failed task with its label and keeps running the others', async () => {
    const { logger, lines } = recordingLogger();
    const tasks = createBackgroundTasks(logger);
    const done: string[] = [];
    tasks.run('breaks', async () => {
      throw new Error('mail server down');
    });
    tasks.run('works', async () => {
      done.push('works');
    });
    await tasks.drain();
    expect(done).toEqual(['works']);
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { err: new Error('mail server down'), task: 'breaks' },
        message: expect.any(String),
      },
    ]);
  });

  it('waits in drain for tasks that tasks start', async () => {
    const { logger } = recordingLogger();
    const tasks = createBackgroundTasks(logger);
    const done: string[] = [];
    tasks.run('outer', async () => {
      tasks.run('inner', async () => {
        done.push('inner');
      });
    });
    await tasks.drain();
    expect(done).toEqual(['inner']);
  });

  it(`drops tasks beyond ${MAX_PENDING_TASKS} pending, with a warning`, async () => {
    const { logger, lines } = recordingLogger();
    const tasks = createBackgroundTasks(logger);
    let ran = 0;
    for (let i = 0; i <= MAX_PENDING_TASKS; i++) {
      tasks.run('flood', async () => {
        ran += 1;
      });
    }
    expect(tasks.pending).toBe(MAX_PENDING_TASKS);
    await tasks.drain();
    expect(ran).toBe(MAX_PENDING_TASKS);
    expect(lines.map((line) => line.level)).toEqual(['warn']);
  });
});
