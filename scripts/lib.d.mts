export const root: string;
export function run(command: string, args: string[], options?: object): void;
export function ensureInstalled(): void;
export function ensureBuilt(): void;
export function startServer(env: Record<string, string>): void;
export function freePort(): Promise<number>;
export function freePorts(start: number, count?: number): Promise<number>;
