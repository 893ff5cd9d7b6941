import { createChatService } from '../../src/agent/chatService.js';
import type { VaultService } from '../../src/services/vaultService.js';

/**
 * One question to the whole agent without a chat model, on a fixed "today" (date phrases resolve against it), in a
 * fresh conversation so no answer depends on the one before.
 */
export async function askOnDay(service: VaultService, question: string, today: Date) {
  const chat = await createChatService(service, { model: null, today: () => today });
  try {
    return await chat.ask(`t-${Math.random()}`, question);
  } finally {
    await chat.close();
  }
}
