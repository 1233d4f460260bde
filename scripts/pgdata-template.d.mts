export function templateIsStale(target?: string): boolean;
export function buildPgdataTemplate(target?: string): Promise<number>;
