export const serverBundle: string;
export function serverIsStale(): boolean;
export function buildServer(options?: { keepOldChunksMs?: number }): Promise<number>;
export function ensureServerBundle(): Promise<string>;
