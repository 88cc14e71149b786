import { isFinal, type Order } from './order.js';

/**
 * How orders hang together beyond themselves: OCO groups (the first leg to fill, fire or end closes the
 * group, and its other working legs are cancelled) and OTO secondaries waiting for their primary to end. Only
 * the bookkeeping lives here; the engine acts on what it answers (cancels, releases).
 */
export class ContingentLinks {
  private readonly groups = new Map<number, { legs: Order[]; closed: boolean }>();
  private readonly waiting = new Map<number, Order[]>();
  private lastGroup = 0;

  newGroup(): number {
    const id = ++this.lastGroup;
    this.groups.set(id, { legs: [], closed: false });
    return id;
  }

  /** Records a new order as a leg of its OCO group, if it has one. */
  join(order: Order): void {
    if (order.ocoGroup !== null) this.groups.get(order.ocoGroup)?.legs.push(order);
  }

  isClosed(group: number): boolean {
    return this.groups.get(group)?.closed ?? true;
  }

  /** Closes `leg`'s group (once): the legs still working that are not `leg` itself, to be cancelled. */
  close(leg: Order): Order[] {
    const group = this.groups.get(leg.ocoGroup!);
    if (!group || group.closed) return [];
    group.closed = true;
    // The leg's own trigger parent and the order its trigger created are the same leg, not siblings.
    const sameLeg = (other: Order) =>
      other === leg || other.id === leg.triggerOrderId || other.triggerOrderId === leg.id;
    return group.legs.filter((other) => !sameLeg(other) && !isFinal(other));
  }

  /** OTO secondaries wait until their primary ends. */
  wait(primary: Order, secondaries: Order[]): void {
    this.waiting.set(primary.id, secondaries);
  }

  /**
   * `order` ended: the secondaries that waited for it, to be released for what it filled. A fired trigger
   * hands them to the order it created instead (undefined then, as when nothing waited).
   */
  ended(order: Order): Order[] | undefined {
    const secondaries = this.waiting.get(order.id);
    if (!secondaries) return undefined;
    this.waiting.delete(order.id);
    if (order.state === 'triggered' && order.triggeredOrderId !== null) {
      this.waiting.set(order.triggeredOrderId, secondaries);
      return undefined;
    }
    return secondaries;
  }
}
