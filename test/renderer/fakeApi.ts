/** A scriptable ObsiQueryApi for renderer tests: records invocations and lets a test push events. */
import type { EventChannel, EventPayload, Req, RequestChannel, Res } from '../../src/shared/contract.js';
import type { RendererApi } from '../../src/renderer/src/bridge/api.js';

type Handlers = { [C in RequestChannel]?: (req: Req<C>) => Res<C> | Promise<Res<C>> };

export interface FakeApi extends RendererApi {
  calls: { channel: RequestChannel; request: unknown }[];
  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void;
  /** Sends a raw payload, bypassing types, to test validation. */
  emitRaw(event: EventChannel, payload: unknown): void;
}

export function fakeApi(handlers: Handlers): FakeApi {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: FakeApi['calls'] = [];
  return {
    calls,
    async invoke<C extends RequestChannel>(channel: C, request: Req<C>): Promise<Res<C>> {
      calls.push({ channel, request });
      const handler = handlers[channel] as ((req: Req<C>) => Res<C> | Promise<Res<C>>) | undefined;
      if (!handler) throw new Error(`unexpected ${channel}`);
      return handler(request);
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
    emit(event, payload) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
    emitRaw(event, payload) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
  };
}

/** Lets pending promise callbacks run (several hops: invoke → store → React). */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
}
