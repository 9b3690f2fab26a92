import { createContext, Script } from 'node:vm';

/** A synchronous step that ran past its deadline and was stopped where it stood. */
export class StepStopped extends Error {
  override readonly name = 'StepStopped';
}

/** The context the deadline runs in: its one global is the step to call, set for the length of one call. */
const stepContext = createContext({ step: (): unknown => undefined });
const callStep = new Script('step()');

/**
 * Runs `step`, a synchronous call that might never return (WebAssembly spinning in a loop blocks the event
 * loop, so no timer could fire), and stops it after `ms` milliseconds: V8 terminates whatever is running,
 * WebAssembly included, and no `catch` or `finally` inside the step runs. A stopped step leaves its module in
 * an unknown state; the caller must not call into it again.
 */
export function withinDeadline<T>(step: () => T, ms: number): T {
  const outer = stepContext['step'] as () => unknown;
  stepContext['step'] = step;
  try {
    return callStep.runInContext(stepContext, { timeout: ms }) as T;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new StepStopped(`a step ran past ${ms} ms and was stopped`, { cause: error });
    }
    throw error;
  } finally {
    stepContext['step'] = outer;
  }
}
