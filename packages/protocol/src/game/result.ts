// The answer of the game-rule parsers: a value or one German error message naming what is wrong.

export type GameResult<T> = { ok: true; value: T } | { ok: false; error: string };

export const gameOk = <T>(value: T): GameResult<T> => ({ ok: true, value });
export const gameError = <T = never>(error: string): GameResult<T> => ({ ok: false, error });
