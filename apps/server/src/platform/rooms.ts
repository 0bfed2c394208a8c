// Room names. `user:{id}` holds a user's website sockets: the audience of `message` events.
export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** Every socket of a user, whatever its origin: deleting the user ends them all. */
export const accountRoom = (userId: number) => `account:${userId}`;
/** The bot-user sockets of one runner token: where runner commands go. */
export const runnerRoom = (runnerTokenId: number) => `runner:${runnerTokenId}`;
/** Every socket a runner token authorised (the runner and its bots): revoking the token ends them. */
export const runnerTokenRoom = (runnerTokenId: number) => `runner-token:${runnerTokenId}`;
/** The bot sockets of one bot: where bot:control and module configs go. */
export const botRoom = (dsbotId: number) => `dsbot:${dsbotId}`;

/**
 * `fetchSockets` of a room selection on every instance. With several instances an instance that died
 * is still asked until the adapter's heartbeat timeout, and the whole request fails after 5 s: it is
 * asked once more, by when the dead one is usually no longer counted.
 */
export async function fetchEverywhere<T>(operator: { fetchSockets: () => Promise<T[]> }): Promise<T[]> {
  try {
    return await operator.fetchSockets();
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("timeout reached")) throw error;
    return operator.fetchSockets();
  }
}
