package dev.dapgate.javadebughost.eval;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.LaunchingConnector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real debuggee JVM (the test fixture {@code EvalTarget}) launched under JDI and stopped at a
 * breakpoint in {@code EvalTarget.hook()}: frame 1 is {@code scene()} with its locals.
 */
public final class StoppedDebuggee implements AutoCloseable {
    public static final String TARGET = "dev.dapgate.javadebughost.fixture.EvalTarget";
    private static final long EVENT_WAIT_MS = 30_000;

    public final VirtualMachine vm;
    public final ThreadReference thread;

    private StoppedDebuggee(VirtualMachine vm, ThreadReference thread) {
        this.vm = vm;
        this.thread = thread;
    }

    /**
     * Launches the fixture and waits for the breakpoint. Setup only, not what is under test: on a
     * loaded machine the debuggee has (rarely) ended before reaching it, so that is retried once.
     */
    public static StoppedDebuggee launch() throws Exception {
        try {
            return launchOnce();
        } catch (IllegalStateException e) {
            System.err.println("retrying the debuggee launch once: " + e.getMessage());
            return launchOnce();
        }
    }

    private static StoppedDebuggee launchOnce() throws Exception {
        LaunchingConnector connector = Bootstrap.virtualMachineManager().defaultConnector();
        Map<String, Connector.Argument> args = connector.defaultArguments();
        String classes = Path.of(StoppedDebuggee.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        args.get("main").setValue(TARGET);
        args.get("options").setValue("-cp " + classes + " -Xshare:auto");
        VirtualMachine vm = connector.launch(args);
        StringBuffer output = new StringBuffer();
        try {
            drain(vm.process().getInputStream(), output);
            drain(vm.process().getErrorStream(), output);
            ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
            prepare.addClassFilter(TARGET);
            prepare.enable();
            vm.resume();
            ThreadReference stopped = null;
            long deadline = System.currentTimeMillis() + EVENT_WAIT_MS;
            while (stopped == null) {
                long left = deadline - System.currentTimeMillis();
                EventSet set = left > 0 ? vm.eventQueue().remove(left) : null;
                if (set == null) {
                    throw new IllegalStateException("the debuggee did not reach EvalTarget.hook() within " + EVENT_WAIT_MS + " ms");
                }
                boolean resume = true;
                for (Event e : set) {
                    if (e instanceof ClassPrepareEvent cp) {
                        ReferenceType type = cp.referenceType();
                        BreakpointRequest bp = vm.eventRequestManager()
                            .createBreakpointRequest(type.methodsByName("hook").get(0).location());
                        bp.setSuspendPolicy(EventRequest.SUSPEND_ALL);
                        bp.enable();
                    } else if (e instanceof BreakpointEvent be) {
                        stopped = be.thread();
                        resume = false;
                    } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
                        throw new IllegalStateException("the debuggee ended before the breakpoint ("
                            + e.getClass().getSimpleName() + "); its output:\n" + output);
                    }
                }
                if (resume) {
                    set.resume();
                }
            }
            return new StoppedDebuggee(vm, stopped);
        } catch (com.sun.jdi.VMDisconnectedException e) {
            vm.process().destroyForcibly();
            throw new IllegalStateException("the debuggee disconnected before the breakpoint; its output:\n" + output, e);
        } catch (Exception | Error e) {
            vm.process().destroyForcibly();
            throw e;
        }
    }

    public ThreadReference otherThread(String name) {
        return vm.allThreads().stream().filter(t -> t.name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalStateException("no thread " + name));
    }

    /** Keeps the debuggee's output (for failure messages) so that its pipes never fill. */
    private static void drain(java.io.InputStream in, StringBuffer into) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[4096];
            try (in) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    if (into.length() < 20_000) {
                        into.append(new String(buffer, 0, n, java.nio.charset.StandardCharsets.UTF_8));
                    }
                }
            } catch (java.io.IOException ignored) {
                // the debuggee ended
            }
        }, "debuggee-output");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws Exception {
        Process p = vm.process();
        try {
            vm.exit(0);
        } catch (RuntimeException ignored) {
            // already gone
        }
        if (!p.waitFor(5, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
