/**
 * The names of the contract's channels, and nothing else. The sandboxed preload may `require` only `electron`
 * (plus events, timers, url), so it cannot bundle zod: it imports this list, and `contract.ts` declares its
 * schemas against the same names (a missing or extra schema is a type error there). Payload validation stays
 * in the main process, which checks every request against the contract anyway.
 */
export const requestChannels = [
  'vault:list',
  'vault:inspect',
  'vault:add',
  'vault:select',
  'vault:pickFolder',
  'vault:browse',
  'sync:start',
  'sync:pause',
  'status:get',
  'log:list',
  'log:setEnabled',
  'log:retry',
  'log:chunks',
  'search:query',
  'note:read',
  'note:resolveLink',
  'note:open',
  'chat:send',
  'chat:stop',
  'chat:threads',
  'chat:history',
  'settings:get',
  'settings:set',
] as const;

export const eventChannels = [
  'sync:progress',
  'sync:done',
  'sync:paused',
  'log:changed',
  'chat:token',
  'chat:step',
  'chat:done',
  'chat:error',
  'chat:sources',
  'chat:notice',
  'worker:crashed',
  'vault:changed',
] as const;

export type RequestChannel = (typeof requestChannels)[number];
export type EventChannel = (typeof eventChannels)[number];

const requestSet: ReadonlySet<string> = new Set(requestChannels);
const eventSet: ReadonlySet<string> = new Set(eventChannels);

export function isRequestChannel(value: unknown): value is RequestChannel {
  return typeof value === 'string' && requestSet.has(value);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && eventSet.has(value);
}
