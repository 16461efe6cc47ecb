/**
 * Runs the tasks given to it one after another, in call order; a failed task does not stop
 * the next. For the few writes that read and move one value (a lease's fencing token).
 */
export function serial(): <T>(task: () => Promise<T>) => Promise<T> {
  let turn: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = turn.then(task, task);
    turn = run.catch(() => undefined);
    return run;
  };
}
