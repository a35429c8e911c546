import { Worker } from 'node:worker_threads';

/**
 * The worker's whole program: it holds the private keys it is given and answers each batch of
 * signing requests with their signatures, in order. CommonJS text, so it runs the same from
 * the TypeScript sources (tests, benches) and from the build.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createPrivateKey, sign } = require('node:crypto');
const keys = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'key') {
    keys.set(message.slot, createPrivateKey(message.pem));
    return;
  }
  const signatures = [];
  try {
    for (const [slot, bytes] of message.items) signatures.push(sign(null, bytes, keys.get(slot)));
    parentPort.postMessage({ signatures });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

interface SignRequest {
  slot: number;
  bytes: Uint8Array;
  resolve(signature: Buffer): void;
  reject(error: Error): void;
}

/**
 * Ed25519 signatures made on one worker thread, in batches. Every accepted write is answered
 * with a signed receipt; node:crypto's own asynchronous sign still spends about 27 µs of the
 * event loop per signature (a job and a callback each), a batch posted to this thread about
 * 2.5 µs (measured with `npm run bench:api`, see the README's performance notes).
 *
 * One thread per process, shared by every key; it holds the process open only while a
 * signature is pending.
 */
class SigningThread {
  private worker: Worker | undefined;
  private nextSlot = 0;
  private readonly slots = new Map<string, number>();
  private queue: SignRequest[] = [];
  private scheduled = false;
  /** Batches posted and not yet answered, oldest first (the worker answers in order). */
  private readonly posted: SignRequest[][] = [];

  sign(pem: string, bytes: Uint8Array): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ slot: this.slotOf(pem), bytes, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // Every signature asked for in this turn of the event loop goes in one message.
        setImmediate(() => this.post());
      }
    });
  }

  private slotOf(pem: string): number {
    let slot = this.slots.get(pem);
    if (slot === undefined) {
      slot = this.nextSlot++;
      this.slots.set(pem, slot);
      this.thread().postMessage({ type: 'key', slot, pem });
    }
    return slot;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (answer: { signatures?: Uint8Array[]; error?: string }) =>
      this.settle(answer),
    );
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) =>
      this.fail(worker, new Error(`the signing thread exited (${code})`)),
    );
    this.worker = worker;
    return worker;
  }

  private post(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const worker = this.thread();
    if (this.posted.length === 0) worker.ref();
    this.posted.push(batch);
    worker.postMessage({ type: 'sign', items: batch.map(({ slot, bytes }) => [slot, bytes]) });
  }

  private settle(answer: { signatures?: Uint8Array[]; error?: string }): void {
    const batch = this.posted.shift() ?? [];
    if (this.posted.length === 0) this.worker?.unref();
    batch.forEach((request, i) => {
      const signature = answer.signatures?.[i];
      if (signature) request.resolve(Buffer.from(signature));
      else request.reject(new Error(`signing failed: ${answer.error ?? 'no signature returned'}`));
    });
  }

  /** A thread that failed is dropped with its pending requests; the next signature starts another. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.slots.clear();
    for (const batch of this.posted.splice(0)) for (const request of batch) request.reject(error);
  }
}

export const signingThread = new SigningThread();
