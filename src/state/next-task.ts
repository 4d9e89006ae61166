/**
 * Runs a task in a task of its own, after the current one and its microtasks: a MessageChannel's
 * message, which neither clamps to 4 ms nor waits a second in a background tab, as timers do.
 * Where there is no MessageChannel, a timer. Tasks run in the order they were asked for.
 */
let channel: MessageChannel | null = null;
const queued: (() => void)[] = [];

export function nextTask(task: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(task, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queued.shift()?.();
    // Node (the CLI's and the tests' runs): a waiting port must not keep the process alive.
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  queued.push(task);
  channel.port2.postMessage(null);
}
