/**
 * Messages for every connection (the crash game's ticks, a round's news), written a chunk of
 * connections at a time. A tick reaches thousands of sockets, one system call each: written in
 * one go it held the event loop, and every bet and cash-out waiting in it, for as long as all
 * those writes took. Here the loop takes other work between chunks; and messages for everyone
 * sent in the same turn (the live list's changes and the tick that follows them) go to each
 * connection together, in one write.
 *
 * Each message has a pace (`FanOutPace`): a tick's chunks follow one another at once, a round's
 * news pauses between chunks, and the live list's changes go in smaller chunks with the same
 * pauses, spread thin over about a tenth of a second for 2,000 connections.
 *
 * Order still holds per connection: before anything else is written to a connection the
 * fan-out still owes, what it owes goes first (`before`), and a new fan-out first finishes the
 * last one. Nothing here knows sockets: `write` does the writing, `schedule` the waiting.
 */

/** A connection as the fan-out sees it: whether the fan-out still owes it its messages. */
export interface FanOutConnection {
  fanOutDue: boolean;
}

/**
 * How a fan-out's chunks follow one another: `urgent` back to back (a tick: its delay is the
 * game's clock); `paced` with `FAN_OUT_PAUSE_MS` between chunks (a round's news); `background`
 * with the same pauses between chunks a fifth the size (the live list's changes, twice a second
 * while bets come in: in chunks of 250, the bets placed during one of their fan-outs took 30 to
 * 70 ms on two cores where the others took 8, and in chunks of 50 the bets' p99 fell by a third).
 * A fan-out of several messages goes at the pace of its most urgent.
 */
export type FanOutPace = 'urgent' | 'paced' | 'background';

/** One message for everyone, encoded once. */
export interface FanOutMessage {
  data: Buffer;
  /** A connection that is behind may miss it (a tick: the next one says more). */
  droppable: boolean;
  pace: FanOutPace;
}

/** Connections a fan-out writes to before the event loop takes other work. */
export const FAN_OUT_CHUNK = 250;

/** A background fan-out's chunk is this many times smaller than the others' (at least 1). */
export const BACKGROUND_CHUNK_DIVISOR = 5;

/** The pace of messages written together: the most urgent one's. */
function paceOf(messages: readonly FanOutMessage[]): FanOutPace {
  let pace: FanOutPace = 'background';
  for (const message of messages) {
    if (message.pace === 'urgent') return 'urgent';
    if (message.pace === 'paced') pace = 'paced';
  }
  return pace;
}

/**
 * The pause between the chunks of a fan-out that is not urgent (the live list's changes, a
 * round's news). Written back to back, 2,000 writes (and the reads at the other end) held both
 * cores of a two-core server for 20 to 40 ms, and the bets waiting on the database waited that
 * long for a core. A tick is urgent (its delay is the game's clock, and the live list's changes
 * of its turn go with it): its chunks follow each other at once.
 */
export const FAN_OUT_PAUSE_MS = 2;

/** Runs `step` after the event loop's other work; after `FAN_OUT_PAUSE_MS` too when paced. */
export type FanOutSchedule = (step: () => void, paced: boolean) => void;

const defaultSchedule: FanOutSchedule = (step, paced) => {
  if (paced) setTimeout(step, FAN_OUT_PAUSE_MS);
  else setImmediate(step);
};

export class ChunkedFanOut<C extends FanOutConnection> {
  private messages: FanOutMessage[] = [];
  private to: readonly C[] = [];
  private next = 0;
  /** Whether any connection got the messages waiting (then no message may join them). */
  private written = false;
  private scheduled = false;

  /**
   * `write` gets every message a connection is owed at once, in order; `schedule` runs a step
   * later: the first chunk after the event loop's other work, the next ones after a pause too,
   * unless one of the messages is urgent.
   */
  constructor(
    private readonly write: (connection: C, messages: readonly FanOutMessage[]) => void,
    private readonly chunk: number = FAN_OUT_CHUNK,
    private readonly schedule: FanOutSchedule = defaultSchedule,
  ) {
    if (!Number.isInteger(chunk) || chunk < 1) throw new RangeError('a chunk is 1 or more');
  }

  /**
   * Sends `message` to `to`, from the next step on. A message for the same connections (the
   * same array) before anything was written joins the one waiting; otherwise what the last fan-out
   * still owes is written first.
   */
  spread(message: FanOutMessage, to: readonly C[]): void {
    if (this.messages.length > 0 && !this.written && to === this.to) {
      this.messages.push(message);
      return;
    }
    this.finish();
    if (to.length === 0) return;
    for (const connection of to) connection.fanOutDue = true;
    this.messages = [message];
    this.to = to;
    this.next = 0;
    this.written = false;
    this.continueLater(false);
  }

  /** Call before writing anything else to `connection`: what the fan-out owes it goes first. */
  before(connection: C): void {
    if (!connection.fanOutDue) return;
    connection.fanOutDue = false;
    if (this.messages.length === 0) return;
    this.written = true;
    this.write(connection, this.messages);
  }

  /** Writes everything still owed now (before a new fan-out, or when closing). */
  finish(): void {
    const { messages, to } = this;
    if (messages.length === 0) return;
    this.messages = [];
    this.to = [];
    for (let index = this.next; index < to.length; index++) {
      this.writeDue(to[index] as C, messages);
    }
  }

  /** Whether a fan-out is still under way. */
  busy(): boolean {
    return this.messages.length > 0;
  }

  private writeDue(connection: C, messages: readonly FanOutMessage[]): void {
    if (!connection.fanOutDue) return;
    connection.fanOutDue = false;
    this.written = true;
    this.write(connection, messages);
  }

  /** Writes the next chunk; answers whether connections are left. */
  private writeChunk(): boolean {
    const { messages, to } = this;
    if (messages.length === 0) return false;
    const chunk =
      paceOf(messages) === 'background'
        ? Math.max(1, Math.floor(this.chunk / BACKGROUND_CHUNK_DIVISOR))
        : this.chunk;
    const end = Math.min(this.next + chunk, to.length);
    for (let index = this.next; index < end; index++) this.writeDue(to[index] as C, messages);
    this.next = end;
    if (end < to.length) return true;
    this.messages = [];
    this.to = [];
    return false;
  }

  private continueLater(paced: boolean): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(this.step, paced);
  }

  private readonly step = (): void => {
    this.scheduled = false;
    if (this.writeChunk()) this.continueLater(paceOf(this.messages) !== 'urgent');
  };
}
