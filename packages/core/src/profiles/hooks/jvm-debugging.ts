import { readlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { portsListenedBy } from '@dapgate/dap';
import { GatewayError } from '../../errors.js';
import { pathExists } from '../../paths.js';
import { checkAttachablePid, openedDebugPort } from '../../process/debug-port.js';
import { failureDetail, runCommand } from '../../process/run-command.js';
import { which } from '../../which.js';

const START_HINT = 'start the JVM with -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0,onjcmd=y (its JDWP port opens only when a debugger asks, by pid) or with address=*:5005 and attach by port';

/**
 * The JDWP port of a running JVM, by pid. A JVM started with the JDWP agent (server=y) listens
 * already; one started with `onjcmd=y` opens its port on `jcmd <pid> VM.start_java_debugging`.
 * A JVM started without the agent cannot be debugged: the JDK cannot load JDWP late (libjdwp has
 * no Agent_OnAttach; `jcmd <pid> JVMTI.agent_load libjdwp.so` is refused).
 */
export async function jdwpPortOf(pid: number): Promise<number> {
  checkAttachablePid(pid);
  const before = await portsListenedBy(pid);
  const jcmd = await jcmdFor(pid);
  if (!jcmd) throw new GatewayError(`cannot ask JVM ${pid} to start debugging: no jcmd found (it comes with a JDK, beside java)`, `install a JDK, or ${START_HINT}`, 'toolchain-missing');
  const r = await runCommand(jcmd, [String(pid), 'VM.start_java_debugging'], { timeoutMs: 15_000 });
  const said = `${r.stdout}\n${r.stderr}`;
  if (/Could not find jdwp agent/i.test(said)) {
    throw new GatewayError(`JVM ${pid} was started without the JDWP agent, and a running JVM cannot load it later`, START_HINT, 'no-attach');
  }
  if (!r.ok || !/Debugging has been started/i.test(said)) {
    throw new GatewayError(`jcmd ${pid} VM.start_java_debugging failed: ${failureDetail(r) || said.trim()}`, `check that the JVM runs as this user, or ${START_HINT}`, 'no-attach');
  }
  const announced = Number(/Address\s*:\s*(?:.*:)?(\d+)\s*$/m.exec(said)?.[1]);
  const opened = await openedDebugPort(pid, before, { timeoutMs: 5_000, fallback: announced || undefined });
  // A JVM whose agent listened before jcmd: its one listening port (or the announced one) is the JDWP port.
  const port = opened ?? (announced && before?.includes(announced) ? announced : before?.length === 1 ? before[0] : undefined);
  if (port === undefined) throw new GatewayError(`JVM ${pid} started debugging but dapgate cannot tell its JDWP port (jcmd said: ${said.trim().split('\n').slice(-2).join('; ')})`, 'attach by port: the JVM prints "Listening for transport dt_socket at address: PORT" on its stdout', 'no-attach');
  return port;
}

/** The target's own JDK's jcmd (the attach protocol is safest within one JDK), else the first on PATH. */
async function jcmdFor(pid: number): Promise<string | undefined> {
  const exe = await readlink(`/proc/${pid}/exe`).catch(() => undefined);
  const beside = exe ? join(dirname(exe), process.platform === 'win32' ? 'jcmd.exe' : 'jcmd') : undefined;
  if (beside && (await pathExists(beside))) return beside;
  return which('jcmd');
}
