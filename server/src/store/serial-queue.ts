/**
 * Runs async tasks one after another, in the order they were queued. A failing task does not
 * stop the queue.
 *
 * @example
 * const queue = new SerialQueue();
 * await Promise.all([queue.run(async () => 1), queue.run(async () => 2)]) //=> [1, 2]
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /**
   * Queues a task.
   *
   * @param task - The task; it starts when every task queued before it has settled.
   * @returns The task's result.
   * @throws whatever the task throws.
   * @example
   * await new SerialQueue().run(async () => 'done') //=> 'done'
   */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.tail.then(task, task);
    this.tail = result.then(
      () => {
        this.waiting -= 1;
      },
      () => {
        this.waiting -= 1;
      },
    );
    return result;
  }

  /**
   * Number of tasks queued or running.
   *
   * @example
   * new SerialQueue().pending //=> 0
   */
  get pending(): number {
    return this.waiting;
  }
}

/**
 * A fixed set of resources (database connections), each used by one task at a time; a task goes
 * to the resource with the fewest queued tasks.
 *
 * @param resources - The resources to share (at least one).
 * @example
 * const pool = new Pool([connA, connB]);
 * await pool.use(async (conn) => conn.run('SELECT 1'));
 */
export class Pool<R> {
  private readonly slots: { resource: R; queue: SerialQueue }[];

  constructor(resources: readonly R[]) {
    this.slots = resources.map((resource) => ({ resource, queue: new SerialQueue() }));
  }

  /**
   * Runs a task with a resource that no other task uses meanwhile.
   *
   * @param task - The task, given the resource.
   * @returns The task's result.
   * @throws whatever the task throws.
   * @example
   * await new Pool([1]).use(async (n) => n + 1) //=> 2
   */
  use<T>(task: (resource: R) => Promise<T>): Promise<T> {
    let best = this.slots[0];
    if (best === undefined) throw new Error('Pool.use: the pool has no resources');
    for (const slot of this.slots) if (slot.queue.pending < best.queue.pending) best = slot;
    return best.queue.run(() => task(best.resource));
  }

  /**
   * Waits until every queued task has settled, then returns the resources (for closing them).
   *
   * @returns The resources.
   * @example
   * await new Pool(['a']).drain() //=> ['a']
   */
  async drain(): Promise<R[]> {
    await Promise.all(this.slots.map((slot) => slot.queue.run(async () => undefined)));
    return this.slots.map((slot) => slot.resource);
  }
}
