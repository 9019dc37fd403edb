/** Warm-adapter settings from the environment: DAPGATE_POOL=0 turns the pool off, DAPGATE_WARM=python,java warms those at start. */
export function poolOptions(env: NodeJS.ProcessEnv = process.env): { pool: boolean; warm: string[] } {
  return {
    pool: !/^(0|false|no|off)$/i.test(env.DAPGATE_POOL ?? ''),
    warm: (env.DAPGATE_WARM ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  };
}
