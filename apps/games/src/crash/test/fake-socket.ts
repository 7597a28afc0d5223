/** A WebSocket stand-in for tests: it records what the page sends and delivers what a test says. */
import type { CrashServerMessage } from '@backlay/contract/house-games';
import type { SocketLike } from '../../shared/reconnecting-socket';

export class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: Record<string, unknown>[] = [];

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.made[FakeSocket.made.length - 1];
    if (!socket) throw new Error('No socket was made');
    return socket;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: CrashServerMessage | Record<string, unknown>): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  /** The messages sent of one type. */
  sentOf(type: string): Record<string, unknown>[] {
    return this.sent.filter((message) => message.type === type);
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
}
